import { DeviceKind, deviceAddProblem, type ClaimDeviceBody, type UnclaimedDevice } from '@pest/shared';

/** The claim dialog's fields as it holds them; the DevEUI or IMEI comes from the row. */
export interface ClaimValues {
  deviceNo: string;
  deviceName: string;
  deviceType: DeviceKind;
  modelId?: number;
  store: { id: number; label: string } | null;
  remark: string;
}

/** What a row's device may be: one heard by its IMEI is an NB-IoT box, one heard by its DevEUI a LoRa box or gateway. */
export const claimKinds = (row: UnclaimedDevice): readonly DeviceKind[] =>
  row.imei !== null && row.devEui === null ? [DeviceKind.nbIotRodentBox] : [DeviceKind.loraRodentBox, DeviceKind.loraGateway];

/** The device number starts as its DevEUI or IMEI (letters and digits, a valid number); the user may change it. */
export const newClaimValues = (row: UnclaimedDevice): ClaimValues => ({
  deviceNo: row.devEui ?? row.imei ?? '',
  deviceName: '',
  deviceType: claimKinds(row)[0]!,
  store: null,
  remark: '',
});

/** The claim's body, or the first problem in the server's own words; null store is the dialog's to ask for. */
export function claimBody(
  unclaimedId: number,
  values: ClaimValues & { store: { id: number; label: string } },
): { ok: true; body: ClaimDeviceBody } | { ok: false; problem: string } {
  const body: ClaimDeviceBody = {
    unclaimedId,
    deviceNo: values.deviceNo.trim(),
    deviceName: values.deviceName.trim(),
    deviceType: values.deviceType,
    modelId: values.modelId ?? null,
    customerId: values.store.id,
    remark: values.remark.trim() || null,
  };
  const problem = deviceAddProblem(body);
  return problem ? { ok: false, problem } : { ok: true, body };
}
