import { Button, Popconfirm } from '@arco-design/web-react';

interface EditDeleteActionsProps {
  editLabel: string;
  deleteLabel: string;
  /** What the confirmation asks before deleting. */
  confirm: string;
  onEdit(): void;
  onDelete(): void;
  /** Names the buttons for tests: `${testId}-edit`, `${testId}-delete`. */
  testId: string;
}

/** A row's 编辑 and 删除, the delete asked once more before it is sent. */
export function EditDeleteActions({ editLabel, deleteLabel, confirm, onEdit, onDelete, testId }: EditDeleteActionsProps) {
  return (
    <span>
      <Button type="text" size="mini" onClick={onEdit} data-testid={`${testId}-edit`}>
        {editLabel}
      </Button>
      <Popconfirm title={confirm} onOk={onDelete}>
        <Button type="text" size="mini" status="danger" data-testid={`${testId}-delete`}>
          {deleteLabel}
        </Button>
      </Popconfirm>
    </span>
  );
}
