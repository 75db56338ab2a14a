/* The name this browser gives itself as a device (spec 001 §3; See: [Note: Feature faces]). */
export { deviceNameOf, thisDeviceKind, type DeviceKind } from './device-name.ts';
