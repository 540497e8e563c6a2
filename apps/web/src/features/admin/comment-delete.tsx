import { useState } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useAdminActions, useIsOperator } from './admin-queries';
import { ReasonModal } from './reason-modal';

/** Beside each Hall of Fame comment, for operators only: delete it (with a reason for the audit log). */
export function CommentDelete({ commentId, author }: { commentId: number; author: string }) {
  const { isOperator } = useIsOperator();
  const { deleteComment } = useAdminActions();
  const [open, setOpen] = useState(false);
  if (!isOperator) return null;
  return (
    <>
      <Tooltip label="Delete comment (operator)">
        <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Delete ${author}'s comment`} onClick={() => setOpen(true)}>
          <IconTrash size={14} />
        </ActionIcon>
      </Tooltip>
      {open && (
        <ReasonModal opened onClose={() => setOpen(false)} title={`Delete ${author}'s comment`} description="The comment disappears for everyone; its text stays in the audit log."
          confirmLabel="Delete" danger loading={deleteComment.isPending} onConfirm={(_v, reason) => deleteComment.mutateAsync({ comment_id: commentId, reason })} />
      )}
    </>
  );
}
