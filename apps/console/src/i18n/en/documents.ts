import type { Resources } from '../zh/index.ts';

const documents: Resources['documents'] = {
  kindLabel: { businessLicence: 'Business licence', pestControlQualification: 'Pest-control service qualification', other: 'Other' },
  add: 'Add',
  edit: 'Edit',
  delete: 'Delete',
  actions: 'Actions',
  view: 'View',
  addTitle: 'Add document',
  editTitle: 'Edit document',
  kind: 'Type',
  name: 'Name',
  file: 'Image',
  validFrom: 'Valid from',
  validTo: 'Valid to',
  validToHint: 'Leave empty when it does not expire',
  validity: 'Validity',
  noEnd: 'no end',
  valid: 'Valid',
  expired: 'Expired',
  createdBy: 'Uploaded by',
  createdAt: 'Uploaded at',
  saved: 'Saved',
  deleted: 'Deleted',
  deleteConfirm: 'Delete the document "{{name}}"?',
  fileRequired: 'Upload the document image',
  validFromRequired: 'Choose the first day of validity',
};

export default documents;
