import { isOurImage } from './our-image.ts';

/**
 * Where each user's uploads go: a prefix of their own, signed into the upload policy, so one
 * user's policy cannot write another's files, and the key tells whose upload a picture is.
 */
export const userUploadDir = (userId: number) => `uploads/u${userId}/`;

/** Whether `url` is a picture `userId` uploaded to our object storage at `base`. */
export function isUploadOf(url: string, base: string, userId: number): boolean {
  return isOurImage(url, base) && url.startsWith(`${base}/${userUploadDir(userId)}`);
}
