import { type MessageOptOutKind, messageOptOutKinds, messageOptOutLabels } from '@idara/domain';
import { Checkbox, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBellOff, IconBrandWhatsapp } from '@tabler/icons-react';
import { Section } from '../../components/page';

const explanation = 'ما يصل العميل عبر واتساب عن زياراته. تذكيرات الدفع وكشوف الحساب لها إعدادها الخاص.';

/**
 * The customer form's choice of visit messages: each kind ticked is sent, an unticked one is a
 * kind the customer declined (stored as its opt-out).
 */
export function VisitMessagesField({
  optOuts,
  onChange,
}: {
  optOuts: MessageOptOutKind[];
  onChange: (optOuts: MessageOptOutKind[]) => void;
}) {
  const received = messageOptOutKinds.filter((k) => !optOuts.includes(k));
  return (
    <Section title="رسائل الزيارات عبر واتساب">
      <Checkbox.Group
        description={explanation}
        value={received}
        onChange={(value) => onChange(messageOptOutKinds.filter((k) => !value.includes(k)))}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
          {messageOptOutKinds.map((kind) => (
            <Checkbox key={kind} value={kind} label={messageOptOutLabels[kind]} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    </Section>
  );
}

/** The customer's page: which visit messages reach them and which they declined. */
export function VisitMessagesInfo({ optOuts }: { optOuts: MessageOptOutKind[] }) {
  return (
    <Section title="رسائل الزيارات عبر واتساب">
      <Stack gap="xs" data-testid="visit-messages">
        {messageOptOutKinds.map((kind) => {
          const declined = optOuts.includes(kind);
          return (
            <Group key={kind} gap="xs" wrap="nowrap">
              <ThemeIcon size="sm" variant="light" color={declined ? 'gray' : 'green'} aria-hidden>
                {declined ? <IconBellOff size={14} /> : <IconBrandWhatsapp size={14} />}
              </ThemeIcon>
              <Text size="sm" style={{ flex: 1 }}>
                {messageOptOutLabels[kind]}
              </Text>
              <Text size="sm" fw={500} c={declined ? 'dimmed' : 'green'}>
                {declined ? 'أوقفها العميل' : 'تُرسل'}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Section>
  );
}
