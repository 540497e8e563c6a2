import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { AllianceActions } from './alliance-queries';

export const REQUIRED = 'Alliance Name and Tag are required.';
/** The server's sentences (social §5.6), shown next to the field as the player types. */
export const NAME_RULE = 'Alliance name must be 3 to 50 characters.';
export const TAG_RULE = 'Alliance tag must be 3 to 5 characters: letters A-Z and digits 0-9 only.';

/** What is wrong with a name or tag typed so far (nothing while a field is still empty). */
export function allianceFieldErrors(name: string, tag: string): { name: string | null; tag: string | null } {
  const n = name.trim().length;
  const t = tag.trim();
  return {
    name: n > 0 && (n < 3 || n > 50) ? NAME_RULE : null,
    tag: t.length > 0 && !/^[A-Z0-9]{3,5}$/.test(t) ? TAG_RULE : null,
  };
}

/** 'Found New Alliance': name 3-50, tag 3-5 of A-Z and 0-9 (typed upper case), description up to 500. */
export function FoundAllianceModal({ opened, onClose, actions }: { opened: boolean; onClose: () => void; actions: AllianceActions }) {
  const [name, setName] = useState('');
  const [tag, setTag] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldErrors = allianceFieldErrors(name, tag);
  const submit = () => {
    if (!name.trim() || !tag.trim()) return setError(REQUIRED);
    if (fieldErrors.name || fieldErrors.tag) return;
    setError(null);
    actions.create.mutate({ name: name.trim(), tag: tag.trim(), description }, { onSuccess: onClose });
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Found New Alliance" centered>
      <Stack gap="sm">
        <TextInput label="Alliance Name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={fieldErrors.name} maxLength={51} data-testid="alliance-name" />
        <TextInput
          label="Tag"
          description="3-5 characters, A-Z and 0-9"
          value={tag}
          onChange={(e) => setTag(e.currentTarget.value.toUpperCase())}
          error={fieldErrors.tag}
          maxLength={6}
          data-testid="alliance-tag"
        />
        <Textarea label="Description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} maxLength={500} minRows={3} rows={3} />
        {error && (
          <Text c="red" fz="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={actions.create.isPending} data-testid="found-alliance-submit">
            Found Alliance
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** 'Update Settings': the description; recruitment is always by application. */
export function SettingsModal(props: { opened: boolean; onClose: () => void; actions: AllianceActions; allianceId: number; description: string }) {
  const [description, setDescription] = useState(props.description);
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Update Settings" centered>
      <Stack gap="sm">
        <Textarea label="Description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} maxLength={500} minRows={3} rows={3} data-testid="alliance-description" />
        <TextInput label="Recruitment" value="Application Required" readOnly disabled />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button loading={props.actions.update.isPending} onClick={() => props.actions.update.mutate({ id: props.allianceId, description }, { onSuccess: props.onClose })}>
            Save Settings
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** 'Apply to join': an optional message of up to 250 characters. */
export function ApplyModal(props: { alliance: { id: number; name: string; tag: string } | null; onClose: () => void; actions: AllianceActions }) {
  const [message, setMessage] = useState('');
  const alliance = props.alliance;
  return (
    <Modal opened={alliance !== null} onClose={props.onClose} title={alliance ? `Apply to join ${alliance.name} [${alliance.tag}]` : 'Apply to join'} centered>
      <Stack gap="sm">
        <Textarea label="Message (optional)" value={message} onChange={(e) => setMessage(e.currentTarget.value)} maxLength={250} minRows={3} rows={3} data-testid="application-message" />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button
            loading={props.actions.apply.isPending}
            data-testid="application-submit"
            onClick={() => alliance && props.actions.apply.mutate({ id: alliance.id, message: message.trim() || null }, { onSuccess: props.onClose })}
          >
            Submit Application
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
