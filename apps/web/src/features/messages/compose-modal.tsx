import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../trpc';
import { showSuccess } from '../../lib/toast';
import { usePlayerUi } from '../../components/player/player-ui-store';
import { useMessageActions } from './use-messages';

/** Writing to a player by name: subject and body within the universe's lengths, sent as plain text. */
export function ComposeModal() {
  const { composeTo, closeCompose } = usePlayerUi();
  const limits = useMessageLimits();
  const { send } = useMessageActions();
  const [to, setTo] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  useEffect(() => {
    if (composeTo === null) return;
    setTo(composeTo);
    setSubject('');
    setBody('');
  }, [composeTo]);
  const missing = !to.trim() ? 'Write the name of the player to write to.' : !subject.trim() ? 'Write a subject.' : !body.trim() ? 'Write a message.' : null;
  const submit = () =>
    send.mutate(
      { recipient_username: to, subject, body },
      {
        onSuccess: (m) => {
          showSuccess(`Message sent to ${m.recipient_username}.`);
          closeCompose();
        },
      },
    );
  return (
    <Modal opened={composeTo !== null} onClose={closeCompose} title="Write message" centered>
      <Stack gap="sm" data-testid="compose">
        <TextInput label="To" value={to} onChange={(e) => setTo(e.currentTarget.value)} maxLength={50} data-testid="compose-to" />
        <TextInput label="Subject" value={subject} onChange={(e) => setSubject(e.currentTarget.value)} maxLength={limits.subject} description={`${[...subject].length}/${limits.subject}`} data-testid="compose-subject" />
        <Textarea label="Message" value={body} onChange={(e) => setBody(e.currentTarget.value)} maxLength={limits.body} rows={6} description={`${[...body].length}/${limits.body} · plain text`} data-testid="compose-body" />
        <Group justify="space-between" wrap="nowrap">
          <Text fz="xs" c="dimmed">{missing ?? ''}</Text>
          <Button onClick={submit} loading={send.isPending} disabled={missing !== null} title={missing ?? undefined} data-testid="compose-send">
            Send
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The universe's subject and body lengths (issue 28: 100 and 2,000 unless the deployment says otherwise). */
function useMessageLimits(): { subject: number; body: number } {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.gameData.all.queryOptions(undefined, { staleTime: Infinity, gcTime: Infinity }));
  const m = data?.universe.messages;
  return { subject: m?.subject_max_length ?? 100, body: m?.body_max_length ?? 2000 };
}
