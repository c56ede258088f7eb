// The local Magister stand-in lives with the embedded stack, which runs it for `npm start` (dev only).
export {
  DEV_DEMO_STUDENT_NUMBER,
  devMagisterClient,
  magisterRoster,
  seedDevMagisterConnections,
  startDevMagister,
  startMagisterStandIn,
  type TMagisterStandIn,
} from '@stageplein/stack/dev-magister';
