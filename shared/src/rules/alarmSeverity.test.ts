import { describe, expect, it } from 'vitest';
import { AlarmKind, AlarmSeverity } from '../contract/alarms.ts';
import { DeviceKind } from '../contract/devices.ts';
import { alarmSeverity } from './alarmSeverity.ts';

describe('alarmSeverity', () => {
  it('makes a rodent in a box critical, whatever the device', () => {
    for (const device of [DeviceKind.nbIotRodentBox, DeviceKind.loraRodentBox, null]) {
      expect(alarmSeverity(AlarmKind.trigger, device)).toBe(AlarmSeverity.critical);
    }
  });

  it('makes a LoRa gateway offline critical and a box offline major', () => {
    expect(alarmSeverity(AlarmKind.offline, DeviceKind.loraGateway)).toBe(AlarmSeverity.critical);
    expect(alarmSeverity(AlarmKind.offline, DeviceKind.loraRodentBox)).toBe(AlarmSeverity.major);
    expect(alarmSeverity(AlarmKind.offline, DeviceKind.nbIotRodentBox)).toBe(AlarmSeverity.major);
  });

  it('makes heat major, low battery and maintenance minor', () => {
    expect(alarmSeverity(AlarmKind.highTemperature, DeviceKind.nbIotRodentBox)).toBe(AlarmSeverity.major);
    expect(alarmSeverity(AlarmKind.lowBattery, DeviceKind.loraRodentBox)).toBe(AlarmSeverity.minor);
    expect(alarmSeverity(AlarmKind.maintain, DeviceKind.loraRodentBox)).toBe(AlarmSeverity.minor);
  });

  it('gives the online event no severity, even from a gateway', () => {
    expect(alarmSeverity(AlarmKind.online, DeviceKind.loraGateway)).toBeNull();
    expect(alarmSeverity(AlarmKind.online, DeviceKind.loraRodentBox)).toBeNull();
  });
});
