import {
  actionLabels,
  formatSaudiPhoneLocal,
  mayActOnUser,
  permissionGroups,
  personGenderLabels,
  rolePresets,
} from '@idara/domain';
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconKey, IconLink, IconPhone, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Ltr } from '../../components/bidi';
import { confirm } from '../../components/confirm';
import { ActiveBadge, useDeleteRecord } from '../../components/data-table';
import { DeleteAction, DetailsHeader, DetailsTitle, EditAction, HeaderAction } from '../../components/entity';
import { InfoItem, RecordDates, RecordPage, Section } from '../../components/page';
import { api } from '../../lib/api';
import { useAuth, useCan } from '../../lib/auth';
import { forPerson } from '../../lib/person';
import { notify } from '../../lib/toast';
import { ActivityTimeline, RelativeTime } from '../customer/ActivityTimeline';
import { ResetPasswordModal, SigninLinkModal } from './UserModals';
import {
  afterUserSaved,
  BACK_TO_USERS,
  USER_PATH,
  type UserRecord,
  userBody,
  userKey,
  useUserRecord,
} from './user-api';

export default function UserDetailsPage() {
  return (
    <RecordPage useRecord={useUserRecord} sections={2} {...BACK_TO_USERS}>
      {(user) => <UserDetails user={user} />}
    </RecordPage>
  );
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0])
    .join(' ');

function UserDetails({ user }: { user: UserRecord }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useAuth().user;
  const canUpdate = useCan('user:update');
  const canDelete = useCan('user:delete');
  const canActivity = useCan('activity:read');
  const [linkOpen, setLinkOpen] = useState(false);
  const [resetOpen, setResetOpen] = useState(false);
  const [toggling, setToggling] = useState(false);
  const isSelf = me?._id === user._id;
  // Users holding something you lack are out of your reach (the server refuses too): no actions on them.
  const within = isSelf || (me ? mayActOnUser(me, user) : false);
  const remove = useDeleteRecord(USER_PATH, {
    onDeleted: (id) => {
      queryClient.removeQueries({ queryKey: userKey(id) });
      navigate('/dashboard/user', { replace: true });
    },
  });

  const toggleActive = () => {
    const next = !user.active;
    confirm({
      header: next ? 'تفعيل المستخدم' : 'إيقاف المستخدم',
      message: next
        ? `هل تريد تفعيل حساب «${user.name}»؟ ${forPerson(user, 'سيتمكن', 'ستتمكن')} من الدخول إلى النظام.`
        : `هل تريد إيقاف حساب «${user.name}»؟ ${forPerson(user, 'لن يتمكن', 'لن تتمكن')} من الدخول وستُنهى ${forPerson(user, 'جلساته', 'جلساتها')} الحالية.`,
      acceptLabel: next ? 'تفعيل' : 'إيقاف',
      rejectLabel: 'إلغاء',
      danger: !next,
      centered: true,
      accept: async () => {
        setToggling(true);
        try {
          const saved = await api(`${USER_PATH}/${user._id}`, {
            method: 'PUT',
            body: { ...userBody(user), active: next },
          });
          afterUserSaved(queryClient, saved);
          notify.success(next ? 'تم تفعيل المستخدم' : 'تم إيقاف المستخدم');
        } catch {
          // the API's Arabic reason (self / last admin) is toasted by the client
        } finally {
          setToggling(false);
        }
      },
    });
  };

  const held = new Set(user.permissions);
  const role = rolePresets[user.role]?.label ?? user.role;

  return (
    <Stack gap="lg">
      <DetailsHeader
        avatar={{ size: 64, color: 'teal', children: initials(user.name) }}
        actions={
          <>
            {canUpdate && within && (
              <>
                <EditAction to={`/dashboard/user/edit/${user._id}`} />
                <Button
                  variant="light"
                  color={user.active ? 'orange' : 'teal'}
                  loading={toggling}
                  disabled={isSelf}
                  title={isSelf ? 'لا يمكنك إيقاف حسابك' : undefined}
                  onClick={toggleActive}
                  leftSection={user.active ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
                >
                  {user.active ? 'إيقاف' : 'تفعيل'}
                </Button>
                <HeaderAction color="cyan" icon={<IconLink size={16} />} onClick={() => setLinkOpen(true)}>
                  إنشاء رابط دخول
                </HeaderAction>
                <HeaderAction color="grape" icon={<IconKey size={16} />} onClick={() => setResetOpen(true)}>
                  إعادة تعيين كلمة المرور
                </HeaderAction>
              </>
            )}
            {canDelete && within && !isSelf && <DeleteAction onClick={() => remove(user)} />}
            {(canUpdate || canDelete) && !within && (
              <Text size="sm" c="dimmed" maw={280} data-testid="beyond-reach">
                {forPerson(
                  user,
                  'لدى هذا المستخدم صلاحيات لا تملكها، فلا يمكنك تعديله أو حذفه.',
                  'لدى هذه المستخدمة صلاحيات لا تملكها، فلا يمكنك تعديلها أو حذفها.',
                )}
              </Text>
            )}
          </>
        }
        below={
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="md" mt="lg">
            <InfoItem label="الجنس">{user.gender ? personGenderLabels[user.gender] : ''}</InfoItem>
            <InfoItem label="البريد الإلكتروني">{user.email ? <Ltr>{user.email}</Ltr> : ''}</InfoItem>
            <InfoItem label="آخر دخول">
              {user.lastLoginAt ? (
                <RelativeTime date={user.lastLoginAt} />
              ) : (
                forPerson(user, 'لم يدخل بعد', 'لم تدخل بعد')
              )}
            </InfoItem>
            <RecordDates record={user} />
          </SimpleGrid>
        }
      >
        <Group gap="xs" wrap="wrap">
          <DetailsTitle>{user.name}</DetailsTitle>
          <Badge variant="light" radius="sm">
            {role}
          </Badge>
          <ActiveBadge active={user.active} />
        </Group>
        {user.jobTitle && (
          <Text size="sm" c="dimmed">
            {user.jobTitle}
          </Text>
        )}
        <Anchor href={`tel:${user.phoneNumber}`} size="sm" w="fit-content">
          <Group gap={4} wrap="nowrap">
            <IconPhone size={16} />
            <Ltr>{formatSaudiPhoneLocal(user.phoneNumber)}</Ltr>
          </Group>
        </Anchor>
      </DetailsHeader>

      <Section
        title="الصلاحيات"
        actions={
          <Badge variant="light" radius="xl" size="lg">
            <bdi>{user.permissions.length}</bdi> صلاحية
          </Badge>
        }
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {permissionGroups.map((g) => {
            const granted = g.actions.filter((a) => held.has(`${g.area}:${a}`));
            return (
              <Paper key={g.area} withBorder radius="md" p="sm">
                <Group justify="space-between" mb={6} wrap="nowrap">
                  <Text fw={600} size="sm">
                    {g.label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    <bdi>
                      {granted.length}/{g.actions.length}
                    </bdi>
                  </Text>
                </Group>
                {granted.length ? (
                  <Group gap={4} wrap="wrap">
                    {granted.map((a) => (
                      <Badge key={a} size="sm" variant="light" color="teal" radius="sm">
                        {actionLabels[a] ?? a}
                      </Badge>
                    ))}
                  </Group>
                ) : (
                  <Text size="xs" c="dimmed">
                    لا توجد صلاحيات
                  </Text>
                )}
              </Paper>
            );
          })}
        </SimpleGrid>
      </Section>

      {canActivity && (
        <Section
          title="نشاط المستخدم"
          description={forPerson(user, 'آخر 20 إجراء قام به المستخدم', 'آخر 20 إجراء قامت به المستخدمة')}
        >
          <ActivityTimeline
            query={{ actor: user._id, limit: 20 }}
            emptyText={forPerson(
              user,
              'لم يقم هذا المستخدم بأي نشاط بعد',
              'لم تقم هذه المستخدمة بأي نشاط بعد',
            )}
            showEntity
          />
        </Section>
      )}

      {canUpdate && (
        <>
          <SigninLinkModal user={user} opened={linkOpen} onClose={() => setLinkOpen(false)} />
          <ResetPasswordModal user={user} opened={resetOpen} onClose={() => setResetOpen(false)} />
        </>
      )}
    </Stack>
  );
}
