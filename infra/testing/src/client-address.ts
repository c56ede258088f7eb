/**
 * A new client address for each call: sign-in and reset are limited per address (docs/security.md,
 * "Rate limits and lockout"), so a test that signs many people in does it as many clients, the way
 * real users arrive — not as one address that the limiter rightly stops. `app.inject({ remoteAddress })`.
 */
let issued = 0;
export function freshClientAddress(): string {
  issued++;
  return `10.${(issued >> 16) & 255}.${(issued >> 8) & 255}.${issued & 255}`;
}
