import {
  CatalogEndpoints,
  CustomerEndpoints,
  DictionaryType,
  Pagination,
  PestListType,
  PlanEndpoints,
  REGION_ROOT_ID,
  RegionEndpoints,
  type ContactNameListBody,
  type CustomerPageBody,
  type CustomerRecord,
  type NewCustomerTreeBody,
  type Page,
  type PointByParamBody,
  type TreeByNameBody,
  type TreeByParentBody,
} from '@pest/shared';
import { call, type RequestOptions } from './http.ts';

/**
 * Filter-support calls (console-spec section 7): the option lists of the shared filter form.
 * They load behind the form's own controls, so the page-wide overlay stays away, and a failure
 * leaves the list empty without a toast (section 8: "most list-call failures are silently
 * swallowed"); an ended session is still handled by the http client.
 */
const OPTION_LIST: RequestOptions = { skipLoading: true, quiet: true };

export type CustomerPage = Page<CustomerRecord>;

export type ContactNamesQuery = ContactNameListBody;
export type CustomerTreeTopsQuery = NewCustomerTreeBody;
export type CustomerTreeChildrenQuery = TreeByParentBody;
export type CustomerTreeSearch = TreeByNameBody;
export type PointQuery = PointByParamBody;
export type CustomerPageQuery = Omit<CustomerPageBody, 'size'> & { size?: number };

export const fetchContactNames = (query: ContactNamesQuery = {}, signal?: AbortSignal) =>
  call(CustomerEndpoints.contactNameList, query, { ...OPTION_LIST, signal });

/** Administrative regions below `id`; the whole country by default. */
export const fetchRegionTree = (id: number = REGION_ROOT_ID, signal?: AbortSignal) =>
  call(RegionEndpoints.regionTree, { id }, { ...OPTION_LIST, signal });

/** The device suppliers of the dictionary. */
export const fetchSuppliers = (signal?: AbortSignal) => call(CatalogEndpoints.dictionaryDownList, { typeId: DictionaryType.supplier }, { ...OPTION_LIST, signal });

/** The provider's sales regions (大区). */
export const fetchSalesAreas = (signal?: AbortSignal) => call(RegionEndpoints.salesAreaList, undefined, { ...OPTION_LIST, signal });

/** The organisation tree's top level (admin users); with contacts, only organisations with such a store. */
export const fetchCustomerTreeTops = (query: CustomerTreeTopsQuery = {}, signal?: AbortSignal) =>
  call(CustomerEndpoints.newCustomerTree, query, { ...OPTION_LIST, signal });

export const fetchCustomerTreeChildren = (query: CustomerTreeChildrenQuery, signal?: AbortSignal) =>
  call(CustomerEndpoints.newCustomerTreeByParentId, query, { ...OPTION_LIST, signal });

/** Matching nodes with the branches that lead to them. */
export const searchCustomerTree = (search: CustomerTreeSearch, signal?: AbortSignal) =>
  call(CustomerEndpoints.newCustomerTreeByName, search, { ...OPTION_LIST, signal });

/** One page of the store list (users who are not admins). */
export const fetchCustomerPage = (query: CustomerPageQuery, signal?: AbortSignal) =>
  call(CustomerEndpoints.customerPage, { size: Pagination.customerDropdownSize, ...query }, { ...OPTION_LIST, signal });

export const fetchServicePlans = (customerId: number) => call(PlanEndpoints.servicePlanList, { customerId }, OPTION_LIST);

/** A service plan's regions, as a tree. */
export const fetchServiceRegions = (mediumId: number) => call(PlanEndpoints.serviceRegionList, { mediumId }, OPTION_LIST);

export const fetchPoints = (query: PointQuery) => call(PlanEndpoints.pointByParam, query, OPTION_LIST);

/** The risk types of a plan's risk list (the plan's riskId). */
/** A plan's risk types (its riskId), or every risk type by name when there is no plan to ask about. */
export const fetchRiskTypes = (riskId: number | undefined, signal?: AbortSignal) =>
  call(PlanEndpoints.riskTypeList, riskId === undefined ? {} : { id: riskId }, { ...OPTION_LIST, signal });

/** The specific issues (具体问题) listed under one risk type. */
export const fetchRiskIssues = (riskTypeId: number, signal?: AbortSignal) =>
  call(PlanEndpoints.riskIssueList, { parentId: riskTypeId }, { ...OPTION_LIST, signal });

export const fetchPests = (signal?: AbortSignal) => call(CatalogEndpoints.pestsByType, { type: PestListType.pest }, { ...OPTION_LIST, signal });

export const fetchDeviceTypes = (name?: string, signal?: AbortSignal) => call(CatalogEndpoints.deviceTypes, { name }, { ...OPTION_LIST, signal });
