import { SimpleGrid, Stack } from '@mantine/core';
import { useAuth } from '../../lib/auth';
import { NotificationSoundCard } from '../notification/NotificationSoundCard';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ProfileForm } from './ProfileForm';
import { SessionsCard } from './SessionsCard';

export default function ProfilePage() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ProfileForm user={user} />
        <ChangePasswordForm />
      </SimpleGrid>
      <NotificationSoundCard />
      <SessionsCard />
    </Stack>
  );
}
