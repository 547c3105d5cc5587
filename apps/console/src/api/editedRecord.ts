/** A record an editor opened: its id, and the version the save says it saw (a newer one is refused with 409). */
export interface EditedRecord {
  id: number;
  version: number;
}

/** What a save body carries of the record it edits; nothing for a new one. */
export const editedIdentity = (editing?: EditedRecord): Partial<EditedRecord> => (editing ? { id: editing.id, version: editing.version } : {});
