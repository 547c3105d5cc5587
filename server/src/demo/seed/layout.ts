import type { SeedScale } from '../../config.ts';
import { hashPick } from './hash.ts';
import { DEMO_CUSTOMER_NAME } from './organisations.ts';
import { HOME_AREA_DRAW, SALES_AREAS, provinceRegionId, salesAreaOfProvince } from '../../backend/db/reference/sales-areas.ts';
import { BRAND_FIRST, BRAND_SECOND, INDUSTRIES, INDUSTRY_DRAW, REGION_TEMPLATES, type Industry } from './vocabulary.ts';

/**
 * The shape of the generated data, decided here in plain JavaScript: how many organisations,
 * which provinces they operate in, how many stores, plans, devices and points each has. SQL then
 * fills in every row (names, addresses, codes) from this plan, so the sizes of any scale are known
 * without generating it.
 */

export type { SeedScale };

const SIZES: Record<SeedScale, { organisations: number; stores: number; demoStores: number }> = {
  small: { organisations: 4, stores: 24, demoStores: 8 },
  medium: { organisations: 30, stores: 300, demoStores: 16 },
  large: { organisations: 150, stores: 3000, demoStores: 40 },
};

/** The demo manager's organisation: a bakery chain around Beijing, first so its id is 1. */
const DEMO_ORGANISATION = { brand: '味多美', label: '', industry: 'restaurant', provinces: [11, 12, 13] } as const;

export interface OrganisationPlan {
  id: number;
  /** Set for the demo organisation; the others are named from brand, industry and home province. */
  fixedName: string | null;
  brand: string;
  /** The store format (火锅, 超市, 食品…) that store names carry. */
  label: string;
  industry: Industry;
  provinceIds: number[];
}

/** The regional level of an organisation present in several provinces: 味多美北京区域. */
export interface GroupPlan {
  id: number;
  organisationId: number;
  provinceId: number;
}

export interface StorePlan {
  id: number;
  organisationId: number;
  /** Its group, or the organisation when that has no groups. */
  parentId: number;
  provinceId: number;
  areaId: number;
  industry: Industry;
  /** Smart rodent boxes and gateways on the store's first plan. */
  smartDevices: number;
  /** LoRa boxes need gateways; NB-IoT boxes reach the network themselves. */
  lora: boolean;
  gateways: number;
  /** Points with passive devices (glue boards, bait stations…), one entry per plan. */
  passivePoints: number[];
}

export interface Layout {
  organisations: OrganisationPlan[];
  groups: GroupPlan[];
  stores: StorePlan[];
}

export function planLayout(scale: SeedScale): Layout {
  const size = SIZES[scale];
  const organisations = planOrganisations(size.organisations);
  const storeCounts = [size.demoStores, ...shareStores(size.stores - size.demoStores, organisations.slice(1))];

  const groups: GroupPlan[] = [];
  const stores: StorePlan[] = [];
  let nextId = organisations.length + 1;
  const parentsByOrganisation = organisations.map((organisation) => {
    // An organisation in one province has its stores directly below it.
    if (organisation.provinceIds.length < 2) return organisation.provinceIds.map(() => organisation.id);
    return organisation.provinceIds.map((provinceId) => {
      groups.push({ id: nextId, organisationId: organisation.id, provinceId });
      return nextId++;
    });
  });

  organisations.forEach((organisation, index) => {
    const parents = parentsByOrganisation[index]!;
    for (let n = 0; n < storeCounts[index]!; n++) {
      const id = nextId++;
      // Every province gets a store first; after that the home province gets the most.
      const slot = n < parents.length ? n : pickWeighted('store-province', id, parents.length);
      const provinceId = organisation.provinceIds[slot]!;
      const smartDevices = 10 + hashPick('smart-devices', id, 21);
      const lora = hashPick('lora', id, 10) < 4;
      const planCount = hashPick('second-plan', id, 10) < 4 ? 2 : 1;
      stores.push({
        id,
        organisationId: organisation.id,
        parentId: parents[slot]!,
        provinceId,
        areaId: salesAreaOfProvince(provinceId).id,
        industry: organisation.industry,
        smartDevices,
        lora,
        gateways: lora ? (smartDevices > 20 ? 2 : 1) : 0,
        passivePoints: Array.from({ length: planCount }, (_, plan) => 6 + hashPick(`passive-points-${plan}`, id, 10)),
      });
    }
  });
  return { organisations, groups, stores };
}

export interface PlannedSizes {
  organisations: number;
  groups: number;
  stores: number;
  contacts: number;
  plans: number;
  serviceRegions: number;
  devices: number;
  points: number;
}

export function plannedSizes(scale: SeedScale): PlannedSizes {
  const { organisations, groups, stores } = planLayout(scale);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const regionsPerPlan = (industry: Industry) => sum(REGION_TEMPLATES[industry].map((top) => 1 + top.subAreas.length));
  return {
    organisations: organisations.length,
    groups: groups.length,
    stores: stores.length,
    contacts: stores.length,
    plans: sum(stores.map((store) => store.passivePoints.length)),
    serviceRegions: sum(stores.map((store) => store.passivePoints.length * regionsPerPlan(store.industry))),
    devices: sum(stores.map((store) => store.smartDevices)),
    points: sum(stores.map((store) => store.smartDevices + sum(store.passivePoints))),
  };
}

function planOrganisations(count: number): OrganisationPlan[] {
  const brandCount = BRAND_FIRST.length * BRAND_SECOND.length;
  if (count > brandCount) throw new Error(`At most ${brandCount} organisations have distinct brands`);
  return Array.from({ length: count }, (_, index): OrganisationPlan => {
    const id = index + 1;
    if (index === 0) {
      const { brand, label, industry, provinces } = DEMO_ORGANISATION;
      return { id, fixedName: DEMO_CUSTOMER_NAME, brand, label, industry, provinceIds: provinces.map(provinceRegionId) };
    }
    // Stepping by a prime coprime to the number of brands visits each brand once.
    const brandIndex = (index * 7919) % brandCount;
    const industry = INDUSTRY_DRAW[hashPick('industry', id, INDUSTRY_DRAW.length)]!;
    const labels = INDUSTRIES[industry].labels;
    const area = SALES_AREAS.find((candidate) => candidate.id === HOME_AREA_DRAW[hashPick('home-area', id, HOME_AREA_DRAW.length)])!;
    const provinceCount = 1 + hashPick('province-count', id, Math.min(3, area.provinces.length));
    const first = hashPick('home-province', id, Math.min(3, area.provinces.length));
    return {
      id,
      fixedName: null,
      brand: BRAND_FIRST[Math.floor(brandIndex / BRAND_SECOND.length)]! + BRAND_SECOND[brandIndex % BRAND_SECOND.length]!,
      label: labels[hashPick('label', id, labels.length)]!,
      industry,
      provinceIds: Array.from({ length: provinceCount }, (_, n) =>
        provinceRegionId(area.provinces[(first + n) % area.provinces.length]!),
      ),
    };
  });
}

/** Splits `total` stores over organisations: a few big chains, many small ones; factories stay few. */
function shareStores(total: number, organisations: OrganisationPlan[]): number[] {
  const sizes = [1, 1, 1, 1, 2, 2, 2, 3, 4, 6];
  const weights = organisations.map(({ id, industry }) =>
    industry === 'factory' ? 1 : sizes[hashPick('chain-size', id, sizes.length)]!,
  );
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  const exact = weights.map((weight) => (total * weight) / weightSum);
  const shares = exact.map(Math.floor);
  // Largest remainders first, so the shares add up to the total exactly.
  const byRemainder = exact.map((value, index) => ({ index, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.index - b.index);
  const missing = total - shares.reduce((sum, share) => sum + share, 0);
  for (let n = 0; n < missing; n++) shares[byRemainder[n]!.index]!++;
  return shares.map((share) => Math.max(share, 1));
}

/** A slot from 0 to count - 1, the first ones likelier: 5, 3, 2 out of 10 for three. */
function pickWeighted(label: string, key: number, count: number): number {
  const weights = [5, 3, 2].slice(0, count);
  let draw = hashPick(label, key, weights.reduce((sum, weight) => sum + weight, 0));
  for (let slot = 0; slot < weights.length; slot++) {
    draw -= weights[slot]!;
    if (draw < 0) return slot;
  }
  return 0;
}
