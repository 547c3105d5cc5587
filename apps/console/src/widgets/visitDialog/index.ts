export { VisitDialog } from './VisitDialog.tsx';
export { isMovable, movedBody } from './visitForm.ts';
