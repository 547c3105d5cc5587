import type { FieldStartBody } from '@pest/shared';

const LOCATE_WAIT_MS = 3_000;

/** Where the phone is, if it says so within 3 s: a start is never held up by a slow fix or an unanswered prompt. */
export function locate(geolocation: Geolocation | undefined = navigator.geolocation): Promise<FieldStartBody['location']> {
  if (!geolocation) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), LOCATE_WAIT_MS);
    geolocation.getCurrentPosition(
      ({ coords }) => {
        clearTimeout(timer);
        resolve({ latitude: coords.latitude, longitude: coords.longitude });
      },
      () => {
        clearTimeout(timer);
        resolve(undefined);
      },
      { enableHighAccuracy: true, timeout: LOCATE_WAIT_MS, maximumAge: 60_000 },
    );
  });
}
