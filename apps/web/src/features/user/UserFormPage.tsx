import {
  formatSaudiPhoneLocal,
  mayActOnUser,
  type PersonGender,
  personGenderLabels,
  rolePresets,
  userCreateBody,
} from '@idara/domain';
import {
  Alert,
  Button,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconKey, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  EmailField,
  GenderField,
  PhoneField,
  RecordFormActions,
  useEntityForm,
} from '../../components/entity';
import { RecordFormGate, Section } from '../../components/page';
import { useAuth } from '../../lib/auth';
import { forPerson } from '../../lib/person';
import { applyPreset, PermissionsEditor } from './PermissionsEditor';
import { RoleOption } from './RoleOption';
import { ResetPasswordModal } from './UserModals';
import {
  afterUserSaved,
  DEFAULT_ROLE,
  roleOptions,
  USER_PATH,
  type UserRecord,
  useUserRecord,
} from './user-api';

interface UserFormValues {
  name: string;
  phoneNumber: string;
  email: string;
  jobTitle: string;
  /** Empty until chosen: a new user's form asks it. */
  gender: PersonGender | '';
  role: string;
  permissions: string[];
  active: boolean;
  password: string;
}

const updateSchema = userCreateBody.omit({ password: true });

const userValues = (user: UserRecord): UserFormValues => ({
  name: user.name,
  phoneNumber: formatSaudiPhoneLocal(user.phoneNumber),
  email: user.email ?? '',
  jobTitle: user.jobTitle ?? '',
  gender: user.gender ?? 'male',
  role: user.role,
  permissions: user.permissions,
  active: user.active,
  password: '',
});

/** The fields the edit-conflict comparison shows. */
const fieldLabels: Record<string, string> = {
  name: 'الاسم',
  phoneNumber: 'رقم الجوال',
  email: 'البريد الإلكتروني',
  jobTitle: 'المسمى الوظيفي',
  gender: 'الجنس',
  role: 'الدور',
  permissions: 'الصلاحيات',
  active: 'الحساب فعّال',
};
const formatField = (key: string, value: unknown) =>
  key === 'role'
    ? rolePresets[String(value)]?.label
    : key === 'gender'
      ? personGenderLabels[value as PersonGender]
      : key === 'permissions' && Array.isArray(value)
        ? `${value.length} من الصلاحيات`
        : undefined;

export default function UserFormPage() {
  const { id } = useParams();
  const query = useUserRecord(id);
  return (
    <RecordFormGate id={id} query={query} backTo="/dashboard/user" backLabel="العودة إلى المستخدمين">
      {(record) => <UserFormWithin user={record} />}
    </RecordFormGate>
  );
}

/** A user holding something you lack is not yours to edit: say so instead of a form the server refuses. */
function UserFormWithin({ user }: { user?: UserRecord }) {
  const me = useAuth().user;
  if (user && me && user._id !== me._id && !mayActOnUser(me, user)) {
    return (
      <Alert color="orange" radius="lg" icon={<IconLock size={20} />} title="لا يمكنك تعديل هذا المستخدم">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            {forPerson(
              user,
              `لدى «${user.name}» صلاحيات لا تملكها، فلا يمكنك تعديل بياناته أو صلاحياته أو كلمة مروره.`,
              `لدى «${user.name}» صلاحيات لا تملكها، فلا يمكنك تعديل بياناتها أو صلاحياتها أو كلمة مرورها.`,
            )}{' '}
            اطلب ذلك من مدير النظام.
          </Text>
          <Button component={Link} to={`/dashboard/user/${user._id}`} variant="light">
            العودة إلى المستخدم
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <UserForm user={user} />;
}

const OWN_AUTHORITY = 'لا يمكنك تغيير دورك أو صلاحياتك بنفسك';

function UserForm({ user }: { user?: UserRecord }) {
  const queryClient = useQueryClient();
  const me = useAuth().user;
  const isSelf = Boolean(user && me && user._id === me._id);
  // Your own role and permissions are not yours to change; anyone else's only within what you hold.
  const grantable = useMemo(() => new Set(isSelf ? [] : (me?.permissions ?? [])), [me, isSelf]);
  const [resetOpen, setResetOpen] = useState(false);

  const entity = useEntityForm<UserFormValues, UserRecord>({
    resourcePath: USER_PATH,
    id: user?._id,
    record: user,
    // An edit leaves the password out: resetting it is its own action.
    schema: user ? updateSchema : userCreateBody,
    initialValues: {
      name: '',
      phoneNumber: '',
      email: '',
      jobTitle: '',
      gender: '',
      role: DEFAULT_ROLE,
      permissions: applyPreset(rolePresets[DEFAULT_ROLE]?.permissions ?? [], [], grantable),
      active: true,
      password: '',
    },
    fromRecord: userValues,
    toBody: ({ password, ...rest }) => (user ? rest : { ...rest, password }),
    quietErrors: true,
    labels: fieldLabels,
    format: formatField,
    onLatest: (latest) => afterUserSaved(queryClient, latest),
    successMessage: user ? 'تم حفظ تعديلات المستخدم' : 'تمت إضافة المستخدم بنجاح',
    onSaved: (saved) => afterUserSaved(queryClient, saved),
    redirectTo: (saved) => `/dashboard/user/${saved._id}`,
  });
  const { form } = entity;

  const onRoleChange = (role: string | null) => {
    if (!role) return;
    form.setFieldValue('role', role);
    const preset = rolePresets[role];
    if (preset)
      form.setFieldValue('permissions', applyPreset(preset.permissions, form.values.permissions, grantable));
  };

  const chosen = rolePresets[form.values.role];
  const cancelTo = user ? `/dashboard/user/${user._id}` : '/dashboard/user';

  return (
    <>
      <form onSubmit={entity.submit} noValidate aria-label={user ? 'تعديل المستخدم' : 'إضافة مستخدم'}>
        <Stack gap="lg">
          <Section
            title="بيانات المستخدم"
            actions={
              user ? (
                <Button
                  variant="light"
                  color="grape"
                  leftSection={<IconKey size={16} />}
                  onClick={() => setResetOpen(true)}
                >
                  إعادة تعيين كلمة المرور
                </Button>
              ) : undefined
            }
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label="الاسم" withAsterisk autoComplete="off" {...form.getInputProps('name')} />
              <PhoneField
                label="رقم الجوال"
                withAsterisk
                autoComplete="off"
                {...form.getInputProps('phoneNumber')}
              />
              <EmailField autoComplete="off" {...form.getInputProps('email')} />
              <TextInput label="المسمى الوظيفي" autoComplete="off" {...form.getInputProps('jobTitle')} />
              <GenderField
                description="تُصاغ الجمل عن المستخدم بحسبه («سجّل» أو «سجّلت»)"
                withAsterisk
                {...form.getInputProps('gender')}
              />
              <Select
                label="الدور"
                withAsterisk
                description={
                  isSelf ? (
                    OWN_AUTHORITY
                  ) : (
                    <span data-testid="role-description">
                      {chosen ? `${chosen.description}. ` : ''}يعبئ الدور الصلاحيات بقالبه، ويمكن تعديلها بعد
                      ذلك.
                    </span>
                  )
                }
                disabled={isSelf}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                data={roleOptions}
                renderOption={({ option }) => <RoleOption role={option.value} />}
                maxDropdownHeight={360}
                allowDeselect={false}
                {...form.getInputProps('role')}
                onChange={onRoleChange}
              />
              {!user && (
                <PasswordInput
                  label="كلمة المرور"
                  withAsterisk
                  description="8 أحرف على الأقل"
                  autoComplete="new-password"
                  {...form.getInputProps('password')}
                />
              )}
            </SimpleGrid>
            <Switch
              mt="lg"
              label="الحساب فعّال"
              description={isSelf ? 'لا يمكنك إيقاف حسابك' : 'المستخدم الموقوف لا يستطيع الدخول إلى النظام'}
              disabled={isSelf}
              {...form.getInputProps('active', { type: 'checkbox' })}
            />
          </Section>

          <Section title="الصلاحيات" description="حدد ما يستطيع المستخدم عرضه وتنفيذه في كل قسم.">
            <PermissionsEditor
              value={form.values.permissions}
              onChange={(next) => form.setFieldValue('permissions', next)}
              grantable={grantable}
              lockedReason={isSelf ? OWN_AUTHORITY : undefined}
              error={form.errors.permissions}
            />
          </Section>

          <RecordFormActions entity={entity} cancelTo={cancelTo} createLabel="حفظ المستخدم" />
        </Stack>
      </form>
      {entity.conflictDialog}
      {user && <ResetPasswordModal user={user} opened={resetOpen} onClose={() => setResetOpen(false)} />}
    </>
  );
}
