import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';

export interface ReasonField {
  name: string;
  label: string;
  initial?: string;
  maxLength?: number;
}

export interface ReasonModalProps {
  opened: boolean;
  title: string;
  /** What the action does, in a sentence. */
  description: string;
  confirmLabel: string;
  fields?: ReasonField[];
  danger?: boolean;
  loading: boolean;
  onClose: () => void;
  /** Runs the action; the modal closes when it resolves. */
  onConfirm: (values: Record<string, string>, reason: string) => Promise<unknown>;
}

/** Every console action asks for a reason (written to the audit log) before it runs. */
export function ReasonModal({ opened, title, description, confirmLabel, fields = [], danger = false, loading, onClose, onConfirm }: ReasonModalProps) {
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((f) => [f.name, f.initial ?? ''])));
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setMissing('A reason is required: it goes to the audit log.');
      return;
    }
    setMissing(null);
    onConfirm(values, reason.trim()).then(
      () => {
        setReason('');
        onClose();
      },
      () => undefined,
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">
            {description}
          </Text>
          {fields.map((f) => (
            <TextInput key={f.name} label={f.label} name={f.name} value={values[f.name] ?? ''} maxLength={f.maxLength} onChange={(e) => setValues({ ...values, [f.name]: e.currentTarget.value })} />
          ))}
          <Textarea label="Reason (audit log)" name="reason" required autosize minRows={2} maxLength={500} value={reason} error={missing} onChange={(e) => setReason(e.currentTarget.value)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color={danger ? 'red' : 'acid'} loading={loading}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
