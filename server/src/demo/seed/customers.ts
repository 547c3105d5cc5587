import { CustomerKind } from '@pest/shared';
import type { Queryable } from '../../backend/db/db.ts';
import { SqlParams } from '../../backend/db/sql-params.ts';
import { sqlPick, sqlPickFrom } from './hash.ts';
import type { Layout } from './layout.ts';
import { salesAreaOfProvince } from '../../backend/db/reference/sales-areas.ts';
import { sqlMobile, sqlPersonName } from './people.ts';
import { INDUSTRIES, MALLS, PLACES, ROADS, type Industry } from './vocabulary.ts';

/** 北京市 → 北京, 广西壮族自治区 → 广西: how people name a province in a company or region name. */
const shortProvince = (column: string) => `regexp_replace(${column}, '(省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)$', '')`;
/** 朝阳区 → 朝阳; two-character names such as 城区 stay whole. */
const shortDistrict = (column: string) => `case when char_length(${column}) > 2 then left(${column}, -1) else ${column} end`;
const customerCode = (id: string) => `'KH' || lpad((${id})::text, 6, '0')`;

function companySuffix(industry: Industry, label: string): string {
  const { companySuffix } = INDUSTRIES[industry];
  return industry === 'factory' ? label + companySuffix : companySuffix;
}

/**
 * Organisations, their regional groups, their stores (placed in real districts) and contacts.
 * Stores come from the `layout_store` table that generate.ts fills from the layout.
 */
export async function seedCustomers(tx: Queryable, layout: Layout): Promise<void> {
  const { organisations, groups } = layout;
  const organisationById = new Map(organisations.map((organisation) => [organisation.id, organisation]));

  await tx.query(
    `insert into customers (id, parent_id, kind, path, code, name)
     select o.id, null, ${CustomerKind.organisation}, array[o.id], ${customerCode('o.id')},
            coalesce(o.fixed_name, ${shortProvince('p.name')} || o.brand || o.suffix)
     from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[]) as o(id, fixed_name, brand, suffix, province_id)
     join regions p on p.id = o.province_id`,
    [
      organisations.map((o) => o.id),
      organisations.map((o) => o.fixedName),
      organisations.map((o) => o.brand),
      organisations.map((o) => companySuffix(o.industry, o.label)),
      organisations.map((o) => o.provinceIds[0]),
    ],
  );

  await tx.query(
    `insert into customers (id, parent_id, kind, path, code, name, province_id, area_id)
     select g.id, g.organisation_id, ${CustomerKind.group}, array[g.organisation_id, g.id], ${customerCode('g.id')},
            g.brand || ${shortProvince('p.name')} || '区域', g.province_id, g.area_id
     from unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::text[]) as g(id, organisation_id, province_id, area_id, brand)
     join regions p on p.id = g.province_id`,
    [
      groups.map((g) => g.id),
      groups.map((g) => g.organisationId),
      groups.map((g) => g.provinceId),
      groups.map((g) => salesAreaOfProvince(g.provinceId).id),
      groups.map((g) => organisationById.get(g.organisationId)!.brand),
    ],
  );

  await insertStores(tx);
  await insertContacts(tx);
}

/**
 * Chains cluster in the urban districts (朝阳区, not 经济技术开发区 or a county) of a province's
 * first four cities, the capital first. Two stores of one organisation in districts of the same
 * name never get the same landmark (or factory number), so store names stay unique.
 */
async function insertStores(tx: Queryable): Promise<void> {
  const params = new SqlParams();
  const landmarks = `${params.add([...MALLS, ...PLACES])}::text[]`;
  const malls = `${params.add(MALLS)}::text[]`;
  const roads = `${params.add(ROADS)}::text[]`;
  await tx.query(
    `with urban as (
       select id, parent_id from regions
       where level = 3 and name ~ '^.{1,3}区$' and name !~ '(市辖|开发|经济|高新|新区|管理)'
     ),
     cities as (
       select c.parent_id as province_id, array_agg(c.id order by c.id) as ids
       from regions c
       where c.level = 2 and exists (select 1 from urban d where d.parent_id = c.id)
       group by c.parent_id
     ),
     districts as (
       select parent_id as city_id, array_agg(id order by id) as ids
       from urban
       group by parent_id
     ),
     in_city as (
       select s.*, (c.ids)[1 + ${sqlPick('store-city', 's.id', 'least(cardinality(c.ids), 4)')}] as city_id
       from layout_store s join cities c using (province_id)
     ),
     placed as (
       select s.*, ${sqlPickFrom('store-district', 's.id', 'd.ids')} as district_id
       from in_city s join districts d using (city_id)
     ),
     named as (
       select s.*, p.name as province_name, c.name as city_name, d.name as district_name,
              ${shortDistrict('d.name')} as district_short
       from placed s
       join regions p on p.id = s.province_id
       join regions c on c.id = s.city_id
       join regions d on d.id = s.district_id
     ),
     -- Numbered per short district name, not per district: 龙华区 exists in two cities.
     ranked as (
       select s.*,
              row_number() over (partition by s.organisation_id, s.district_short order by s.id) as nth,
              min(s.district_id) over (partition by s.organisation_id, s.district_short) as landmark_key
       from named s
     ),
     described as (
       select s.*,
              (${landmarks})[1 + mod(${sqlPick('store-landmark', 's.organisation_id::int8 * 1000000 + s.landmark_key', `cardinality(${landmarks})`)} + s.nth - 1, cardinality(${landmarks}))] as landmark,
              ${sqlPickFrom('store-road', 's.id', roads)} || (1 + ${sqlPick('store-number', 's.id', 388)}) || '号' as street
       from ranked s
     )
     insert into customers (id, parent_id, kind, path, code, name, address, province_id, city_id, district_id, area_id)
     select s.id, s.parent_id, ${CustomerKind.store},
            case when s.parent_id = s.organisation_id then array[s.organisation_id, s.id] else array[s.organisation_id, s.parent_id, s.id] end,
            ${customerCode('s.id')},
            case when s.industry = 'factory'
              then s.brand || s.label || '（' || s.district_short || case when s.nth > 1 then s.nth || '号' else '' end || '工厂）'
              else s.brand || s.label || '（' || s.district_short || s.landmark || '店）'
            end,
            s.province_name
              || case when s.city_name in ('市辖区', '县') then '' else s.city_name end
              || s.district_name || s.street
              || case when s.industry <> 'factory' and s.landmark = any(${malls})
                   then s.landmark || (1 + ${sqlPick('store-floor', 's.id', 5)}) || '层' else '' end,
            s.province_id, s.city_id, s.district_id, s.area_id
     from described s
     order by s.id`,
    params.values,
  );
}

/** One contact per store, from a pool of about one regional manager per four stores of the organisation. */
async function insertContacts(tx: Queryable): Promise<void> {
  const params = new SqlParams();
  const person = 'c.organisation_id::int8 * 1000 + c.manager';
  await tx.query(
    `with stores as (
       select id, path[1] as organisation_id, count(*) over (partition by path[1]) as store_count
       from customers where kind = ${CustomerKind.store}
     ),
     chosen as (
       select s.id, s.organisation_id,
              ${sqlPick('contact-manager', 's.id', 'greatest(2, ceil(s.store_count / 4.0))')} as manager
       from stores s
     )
     insert into contacts (id, customer_id, name, phone)
     select row_number() over (order by c.id), c.id, ${sqlPersonName(params, 'contact', person)}, ${sqlMobile(params, 'contact', person)}
     from chosen c
     order by c.id`,
    params.values,
  );
}
