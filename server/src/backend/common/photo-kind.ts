/** risk_photos.kind */
export const PhotoKind = { before: 1, after: 2 } as const;
export type PhotoKind = (typeof PhotoKind)[keyof typeof PhotoKind];
