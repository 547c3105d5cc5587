/** A call's id as the contract takes it (^[A-Za-z0-9_-]{8,64}$): 32 random hex digits. */
export function newClientId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
