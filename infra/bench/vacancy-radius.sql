-- Radius search over 200,000 vacancies: a GiST index on cube/earthdistance against a plain integer
-- grid-cell column with a btree index and ordinary statistics. Standalone: run it on an empty database
-- with `bench_places(lat, lng, weight)` filled (vacancy-radius.bench.ts fills it from the gazetteer and
-- times the two queries at the end of this file; any client that binds $1..$4 can run them).
create extension if not exists cube;
create extension if not exists earthdistance;

create table bench_vacancies (
  id bigint generated always as identity primary key,
  tenant_id text not null,
  status text not null,
  title text not null,
  latitude double precision not null,
  longitude double precision not null,
  -- 0.1° × 0.1° cells (11 km × 7 km in the Netherlands), as services/placements/src/geo/grid.ts.
  geo_cell integer not null,
  published_at timestamptz not null
);

-- 200,000 published rows in one tenant (plus 20,000 drafts and another tenant's 20,000), spread over
-- the places by population, within ~3 km of each place's centre.
create table bench_weighted as
  select lat, lng, sum(weight) over (order by lat, lng) / sum(weight) over () as upto from bench_places;
create index on bench_weighted (upto);
with points as (
  select i, p.lat + (random() - 0.5) * 0.05 as lat, p.lng + (random() - 0.5) * 0.08 as lng
  from generate_series(1, 240000) as i
  -- (references i, so it is drawn per row, not once)
  cross join lateral (select random() + i * 0 as r) as r
  cross join lateral (select lat, lng from bench_weighted where upto >= r.r order by upto limit 1) as p
)
insert into bench_vacancies (tenant_id, status, title, latitude, longitude, geo_cell, published_at)
select case when i <= 220000 then 'bench' else 'other' end,
  case when i <= 200000 or i > 220000 then 'published' else 'draft' end,
  'Stage ' || i, lat, lng,
  (floor(lat * 10 + 1e-9)::int + 900) * 3600 + floor(lng * 10 + 1e-9)::int + 1800,
  now() - (i % 365) * interval '1 day'
from points;

create index bench_vacancies_earth on bench_vacancies using gist (ll_to_earth(latitude, longitude));
create index bench_vacancies_cell on bench_vacancies (tenant_id, geo_cell);
vacuum analyze bench_vacancies;

-- Q1 (GiST): $1 lat, $2 lng, $3 radius in metres, $4 tenant.
--   select count(*) over () as total, id, title
--   from bench_vacancies
--   where tenant_id = $4 and status = 'published'
--     and earth_box(ll_to_earth($1, $2), $3) @> ll_to_earth(latitude, longitude)
--     and earth_distance(ll_to_earth($1, $2), ll_to_earth(latitude, longitude)) <= $3
--   order by published_at desc, id desc limit 25;
--
-- Q2 (grid): $5 the cells the circle's bounding box touches (int[]), $6..$9 that box.
--   select count(*) over () as total, id, title
--   from bench_vacancies
--   where tenant_id = $4 and status = 'published' and geo_cell = any($5)
--     and latitude between $6 and $7 and longitude between $8 and $9
--     and earth_distance(ll_to_earth($1, $2), ll_to_earth(latitude, longitude)) <= $3
--   order by published_at desc, id desc limit 25;
