import type { TTenantId } from '@stageplein/contracts/tenants/tenant.types';

export interface TSeedTown {
  town: string;
  postcode: string;
  lat: number;
  lng: number;
}

/**
 * Real towns near each tenant's map centre (contracts/src/tenants: Raayland, Stageplein and Corderius
 * have their own; every other tenant has the spec's default centre between Amersfoort and Soest).
 * Town-centre coordinates as published on Wikipedia, rounded to 4 decimals (about 10 m) — for demo
 * data only; the search's gazetteer is the vacancy-search feature's.
 */
const AROUND_DEFAULT: readonly TSeedTown[] = [
  { town: 'Amersfoort', postcode: '3811 CB', lat: 52.1561, lng: 5.3878 },
  { town: 'Soest', postcode: '3761 CA', lat: 52.1733, lng: 5.2917 },
  { town: 'Zeist', postcode: '3701 AA', lat: 52.0894, lng: 5.2333 },
  { town: 'Baarn', postcode: '3741 AA', lat: 52.2117, lng: 5.2875 },
  { town: 'Leusden', postcode: '3831 AA', lat: 52.1325, lng: 5.4306 },
  { town: 'De Bilt', postcode: '3731 AA', lat: 52.11, lng: 5.1806 },
];

const AROUND_AMERSFOORT: readonly TSeedTown[] = [
  { town: 'Amersfoort', postcode: '3811 CB', lat: 52.1561, lng: 5.3878 },
  { town: 'Leusden', postcode: '3831 AA', lat: 52.1325, lng: 5.4306 },
  { town: 'Hoevelaken', postcode: '3871 AA', lat: 52.175, lng: 5.4583 },
  { town: 'Nijkerk', postcode: '3861 AA', lat: 52.22, lng: 5.4867 },
  { town: 'Soest', postcode: '3761 CA', lat: 52.1733, lng: 5.2917 },
  { town: 'Baarn', postcode: '3741 AA', lat: 52.2117, lng: 5.2875 },
];

const AROUND_HARDERWIJK: readonly TSeedTown[] = [
  { town: 'Harderwijk', postcode: '3841 AA', lat: 52.3417, lng: 5.6206 },
  { town: 'Ermelo', postcode: '3851 AA', lat: 52.2983, lng: 5.6222 },
  { town: 'Putten', postcode: '3881 AA', lat: 52.2592, lng: 5.6069 },
  { town: 'Nunspeet', postcode: '8071 AA', lat: 52.3792, lng: 5.7861 },
  { town: 'Elburg', postcode: '8081 AA', lat: 52.4475, lng: 5.8336 },
  { town: 'Zeewolde', postcode: '3891 AA', lat: 52.33, lng: 5.5417 },
];

const AROUND_CUIJK: readonly TSeedTown[] = [
  { town: 'Cuijk', postcode: '5431 AA', lat: 51.7275, lng: 5.8792 },
  { town: 'Grave', postcode: '5361 AA', lat: 51.7592, lng: 5.7383 },
  { town: 'Wijchen', postcode: '6602 AA', lat: 51.8092, lng: 5.725 },
  { town: 'Heumen', postcode: '6582 AA', lat: 51.765, lng: 5.8444 },
  { town: 'Nijmegen', postcode: '6511 AA', lat: 51.8425, lng: 5.8528 },
  { town: 'Boxmeer', postcode: '5831 AA', lat: 51.6467, lng: 5.9472 },
];

/** Oldebroek's School and organizations sit in Oldebroek (organizations' seed): its vacancies around it. */
const AROUND_OLDEBROEK: readonly TSeedTown[] = [
  { town: 'Oldebroek', postcode: '8096 AA', lat: 52.445, lng: 5.9014 },
  { town: 'Wezep', postcode: '8091 AA', lat: 52.4617, lng: 5.9986 },
  { town: 'Hattem', postcode: '8051 AA', lat: 52.475, lng: 6.0639 },
  { town: 'Elburg', postcode: '8081 AA', lat: 52.4475, lng: 5.8336 },
  { town: 'Heerde', postcode: '8181 AA', lat: 52.3872, lng: 6.0402 },
  { town: 'Epe', postcode: '8161 AA', lat: 52.3475, lng: 5.9833 },
];

/** Every tenant's list (the seeds' test checks each town stands where the search's gazetteer has it). */
export const SEED_TOWN_LISTS = [
  AROUND_DEFAULT,
  AROUND_AMERSFOORT,
  AROUND_HARDERWIJK,
  AROUND_CUIJK,
  AROUND_OLDEBROEK,
];

export function townsFor(tenant: TTenantId): readonly TSeedTown[] {
  if (tenant === 'oldebroek') return AROUND_OLDEBROEK;
  if (tenant === 'raayland') return AROUND_CUIJK;
  if (tenant === 'stageplein') return AROUND_HARDERWIJK;
  if (tenant === 'corderius') return AROUND_AMERSFOORT;
  return AROUND_DEFAULT;
}
