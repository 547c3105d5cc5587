import { SummaryPaths } from '@pest/shared';

/** The URL of a risk photo by its token (relative, as the console's <img> tags load it); signed per viewer by image-access.ts. */
export const riskPhotoPath = (token: string) => `${SummaryPaths.riskPhoto}/${token}.svg`;
