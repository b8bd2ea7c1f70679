import { arabicPlural, minutesAsHours, percentOf, RATINGS, VISITS, type VisitsReport } from '@idara/domain';
import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { ratingText } from './ContractRatings';

/** Past the working hours: booked beyond what the period holds. */
const colorOf = (percent: number) => (percent > 100 ? 'red' : percent >= 80 ? 'orange' : 'teal');

/** Each technician's booked hours against the period's working hours, as a bar. */
export function TechnicianHours({ technicians }: { technicians: VisitsReport['technicians'] }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="visits-technicians">
      <Title order={2} fz="h4" mb={4}>
        ساعات الفنيين
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        الساعات المحجوزة في زيارات الفترة (المفتوحة والمنجزة) من ساعات العمل المتاحة: ثماني ساعات في كل يوم
        عمل، عدا الجمعة وأيام العطل.
      </Text>
      {technicians.length === 0 ? (
        <Text c="dimmed" size="sm">
          لا فنيين ولا زيارات محجوزة في هذه الفترة.
        </Text>
      ) : (
        <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {technicians.map((t) => {
            const percent = percentOf(t.bookedMinutes, t.availableMinutes);
            // Hours may be fractional (3.5), so they are said as a share, not counted with a noun.
            const hours = `${minutesAsHours(t.bookedMinutes)} من ${minutesAsHours(t.availableMinutes)}`;
            return (
              <li key={t.user} data-testid="visits-technician" data-user={t.user}>
                <Group justify="space-between" gap="xs" mb={4} wrap="wrap">
                  <Text fw={600}>{t.name}</Text>
                  <Text size="sm" c="dimmed">
                    {arabicPlural(t.visits, VISITS)} · الساعات المحجوزة <bdi>{hours}</bdi> ·{' '}
                    <bdi>{percent}٪</bdi>
                    {t.averageRating !== null && (
                      <>
                        {' '}
                        · التقييم <bdi>{ratingText(t.averageRating)}</bdi> ({arabicPlural(t.ratings, RATINGS)}
                        )
                      </>
                    )}
                  </Text>
                </Group>
                <Progress.Root size="lg">
                  <Progress.Section
                    value={Math.min(percent, 100)}
                    color={colorOf(percent)}
                    aria-label={`${t.name}: الساعات المحجوزة ${hours} (${percent}٪)`}
                  />
                </Progress.Root>
              </li>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}
