import { SummaryPaths } from '@pest/shared';

/**
 * The URL of a risk photo (relative, as the console's <img> tags load it; signed per viewer by
 * image-access.ts): a technician's photo is an object of our store, kept as its path; a generated
 * one is drawn from its row, named by its token.
 */
export const riskPhotoPath = (tokenOrPath: string) => (tokenOrPath.includes('/') ? tokenOrPath : `${SummaryPaths.riskPhoto}/${tokenOrPath}.svg`);

/** SQL: what riskPhotoPath is given for the photo row `f`. */
export const sqlRiskPhotoRef = (f: string) => `coalesce(${f}.image_path, ${f}.token)`;
