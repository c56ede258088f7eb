// The local Magister stand-in lives with the embedded stack, which runs it for `npm start` (dev only).
export { magisterRoster, startMagisterStandIn, type TMagisterStandIn } from '@stageplein/stack/dev-magister';
