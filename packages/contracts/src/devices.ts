import { z } from 'zod';
import { zPagedResult } from './users';

/** Contracts of the devices feature (the watches). Issue [5 of 6] adds the registry's other fields. */

/** Translation keys of the devices feature's own messages. */
export const DEVICE_MESSAGE_KEYS = {
  imeiInvalid: 'devices:imeiInvalid',
  imeiTaken: 'devices:imeiTaken',
} as const;

/** True when the last digit is the Luhn check digit of the others (IMEI check digit, GSMA TS.06). */
export function hasValidLuhnCheckDigit(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** IMEI: exactly 15 digits whose last digit is the Luhn check digit. */
export const zImei = z
  .string()
  .trim()
  .regex(/^\d{15}$/, DEVICE_MESSAGE_KEYS.imeiInvalid)
  .refine(hasValidLuhnCheckDigit, DEVICE_MESSAGE_KEYS.imeiInvalid);

export const DEVICE_STATUSES = [
  'offline',
  'online',
  'offlineAlarmHandled',
  'outsideGeofence',
  'lowBatteryWarningHandled',
  'unknown',
] as const;

/** `POST /api/devices`: the add-device dialog. */
export const zRegisterDeviceRequest = z.object({
  name: z.string().trim().min(1).max(64),
  imei: zImei,
});
export type RegisterDeviceRequest = z.infer<typeof zRegisterDeviceRequest>;

export const zDevice = z.object({
  id: z.string(),
  name: z.string(),
  imei: z.string(),
  status: z.enum(DEVICE_STATUSES),
  tenantId: z.string().nullable(),
  createdAt: z.string(),
});
export type Device = z.infer<typeof zDevice>;

export const zDeviceList = zPagedResult(zDevice);
export type DeviceList = z.infer<typeof zDeviceList>;
