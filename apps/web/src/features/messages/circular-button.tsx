import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { showSuccess } from '../../lib/toast';
import { useMessageActions } from './use-messages';

const AUDIENCES = [
  { value: 'ALL', label: 'Every member' },
  { value: 'OFFICER', label: 'Officers' },
  { value: 'MEMBER', label: 'Members' },
];

/** For the leader and officers: one message to every other member of the alliance, or to one rank, marked as a circular. */
export function CircularButton({ allianceId }: { allianceId: number }) {
  const [opened, setOpened] = useState(false);
  const [audience, setAudience] = useState('ALL');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const { circular } = useMessageActions();
  const missing = !subject.trim() ? 'Write a subject.' : !body.trim() ? 'Write a message.' : null;
  const send = () =>
    circular.mutate(
      { id: allianceId, subject, body, ...(audience === 'ALL' ? {} : { rank: audience as 'OFFICER' | 'MEMBER' }) },
      {
        onSuccess: (r) => {
          showSuccess(`Circular sent to ${r.recipients} ${r.recipients === 1 ? 'member' : 'members'}.`);
          setOpened(false);
          setSubject('');
          setBody('');
        },
      },
    );
  return (
    <>
      <Button size="xs" variant="light" leftSection={<IconSpeakerphone size={14} />} onClick={() => setOpened(true)} data-testid="circular-open">
        Circular
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Alliance circular" centered>
        <Stack gap="sm">
          <Select label="To" data={AUDIENCES} value={audience} onChange={(v) => setAudience(v ?? 'ALL')} allowDeselect={false} />
          <TextInput label="Subject" value={subject} onChange={(e) => setSubject(e.currentTarget.value)} />
          <Textarea label="Message" value={body} onChange={(e) => setBody(e.currentTarget.value)} rows={6} />
          <Group justify="flex-end">
            <Button onClick={send} loading={circular.isPending} disabled={missing !== null} title={missing ?? undefined}>
              Send circular
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
