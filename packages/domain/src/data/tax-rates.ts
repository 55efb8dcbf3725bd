import type { StoreTaxRates, TaxRateFact } from '../contract/tax-rates';

/**
 * The bundled table of each registry dispensary's local marijuana tax and combined sales tax,
 * in percent, with the source, its date and how far it is trusted (docs/tax-rates.md is the
 * readable copy, with the reasoning). An operator's TAX_RATES file overrides any part. The
 * service sends the rates with the dispensary list; the page never imports this table.
 *
 * Read from public pages on 2026-11-27. Rules applied throughout:
 * - Since the Missouri Supreme Court's ruling of 2025-07-22 (SC100898) one local government taxes
 *   a sale: the city inside a city, the county (St. Louis, St. Charles) outside cities only.
 * - The local marijuana tax is on adult-use sales only; the rule leaves it off medical sales.
 * - A sales rate is the combined general rate (state 4.225% + county + city + districts). A
 *   store inside a community improvement or transportation development district (CID, TDD) pays
 *   its extra 0.5-1%; where no source places the store, the rate is the city's base, 'inferred'.
 */

const READ_ON = 'Read 2026-11-27.';

// Local marijuana tax sources.
const KMOV_VOTES = 'https://www.kmov.com/2023/04/05/marijuana-tax-passes-st-louis-city-county/';
const KMOV_CITY_START =
  'https://www.kmov.com/2023/11/20/st-louis-city-misses-deadline-tax-recreational-marijuana-sales/';
const KCUR_RULING =
  'https://www.kcur.org/politics-elections-and-government/2025-07-23/missouri-supreme-court-rules-counties-cant-stack-marijuana-sales-tax-on-other-local-levies';
const KBIA_RULING =
  'https://www.kbia.org/missouri-news/2025-07-22/supreme-court-rules-counties-cities-cant-both-tax-pot-at-once';
const TIMES_PROP_M =
  'https://www.timesnewspapers.com/webster-kirkwoodtimes/prop-m-tax-on-marijuana-sales-wins-overwhelming-support-in-cities-st-louis-county/article_c689413c-d478-11ed-bd38-a7b6762e8a38.html';
const STLTODAY_KIRKWOOD =
  'https://www.stltoday.com/news/local/marijuana/marijuana-dispensary-eyes-kirkwood-location-it-would-be-the-citys-first-pot-business/article_d40e74be-de17-11ed-b8e7-1feec79ba50e.html';
const FOX2_RICHMOND_HEIGHTS =
  'https://fox2now.com/news/missouri/richmond-heights-implements-3-marijuana-tax/';
const SPECTRUM_BALLOTS =
  'https://spectrumlocalnews.com/mo/st-louis/news/2023/01/26/dozens-of-st--louis-area-municipalities-to-ask-for-marijuana-sales-tax-in-april';
const STLPR_FORTY_CITIES =
  'https://www.stlpr.org/government-politics-issues/2023-11-02/st-charles-and-st-john-seek-to-pass-3-recreational-marijuana-sales-tax';
const SPECTRUM_CHESTERFIELD =
  'https://spectrumlocalnews.com/st-louis/news/2023/01/18/municipalities-plan-marijuana-sales-tax-votes';
const CALL_SOUTH_COUNTY_BALLOT =
  'https://callnewspapers.com/use-tax-marijuana-sales-tax-among-the-propositions-on-april-4-ballot/';
const CALL_SOUTH_COUNTY_STORES =
  'https://callnewspapers.com/marijuana-dispensaries-are-opening-soon/';
const KSDK_MANCHESTER =
  'https://www.ksdk.com/article/news/politics/manchester-st-louis-county-officials-maneuver-for-rights-to-tax-recreational-pot/63-aeeffcbc-755c-4f93-a1a8-7a57050119cc';
const MARYLAND_HEIGHTS_PROP_M = 'https://www.marylandheights.com/news_detail_T31_R1678.php';
const STLTODAY_ST_CHARLES =
  'https://www.stltoday.com/news/local/govt-and-politics/5-st-charles-county-municipalities-want-voters-to-ok-tax-on-pot-sales/article_1fc9dddd-00d1-50b1-a4b1-81129f50e176.html';

// Sales tax sources.
const STH_ST_LOUIS = 'https://www.salestaxhandbook.com/puerto-rico/rates/saint-louis';
const STH_ST_LOUIS_COUNTY = 'https://www.salestaxhandbook.com/missouri/rates/st-louis-county';
const ZAMP_ST_LOUIS = 'https://zamp.com/resources/st-louis-missouri-sales-tax/';
const TAXWIRE_ST_LOUIS = 'https://www.taxwire.com/guides/us/missouri/st-louis';
const CHESTERFIELD_TAXES = 'https://chesterfield.mo.us/tax-information.html';
const KIRKWOOD_TAXES = 'https://kirkwoodmo.org/business/city-of-kirkwood-tax-rates';
const TIMES_KIRKWOOD_TDD =
  'https://www.timesnewspapers.com/webster-kirkwoodtimes/kirkwood-should-look-to-grants-for-road-repairs/article_81247e3e-3278-11ec-812a-07316c301604.html';
const CLAYTON_TAXES = 'https://claytonmo.gov/government/economic-development/tax-information';
const SALES_TAXES_COUNTY = 'https://www.sales-taxes.com/mo/st-louis-county';
const IRS_OFFICES_FLORISSANT = 'https://irs-offices.com/missouri/florissant/';
const GSTLOOKUP_ST_CHARLES =
  'https://www.gstlookup.com/tools/sales-tax-calculator-missouri/st-charles-county';
const ST_LOUIS_COUNTY_RATES_2018 =
  'https://portal.laserfiche.com/Portal/DocView.aspx?id=334114&repo=r-a96260ce';

// ---- Local marijuana tax facts shared by several stores ----

const CITY_OF_ST_LOUIS_MJ: TaxRateFact = {
  rate: 3,
  status: 'verified',
  source: `${KMOV_VOTES} ; ${KMOV_CITY_START}`,
  date: '2023-11-20',
  note: 'Approved 2023-04-04 (more than 60%); collected from 2024-01-01 after a missed filing.',
};

/** Unincorporated St. Louis County: the county's Prop M, which the 2025 ruling leaves there. */
const ST_LOUIS_COUNTY_UNINCORPORATED_MJ: TaxRateFact = {
  rate: 3,
  status: 'verified',
  source: `${KMOV_VOTES} ; ${KCUR_RULING}`,
  date: '2025-07-23',
  note: "St. Louis County's Prop M (65%, 2023-04-04) applies in unincorporated areas only.",
};

/** A St. Louis County city that put Prop M to its voters in April 2023; no result read. */
const ballotCityMj = (city: string): TaxRateFact => ({
  rate: 3,
  status: 'inferred',
  source: `${SPECTRUM_BALLOTS} ; ${STLPR_FORTY_CITIES}`,
  date: '2023-11-08',
  note: `${city} was on the 2023-04-04 ballot; more than 40 St. Louis area cities passed the 3% that April and no failure was read, but ${city}'s own result was not found.`,
});

/** A St. Charles County store: St. Peters or O'Fallon (both on the ballot) or the county. */
const stCharlesCountyMj = (city: string): TaxRateFact => ({
  rate: 3,
  status: 'inferred',
  source: `${STLTODAY_ST_CHARLES} ; ${KMOV_VOTES} ; ${KCUR_RULING}`,
  date: '2025-07-23',
  note: `${city} was on the 2023-04-04 ballot (result not found); if the store is outside the city, St. Charles County's 3% (approved, 72%) applies instead. 3% either way unless ${city}'s measure failed.`,
});

// ---- Sales tax facts shared by several stores ----

const CITY_OF_ST_LOUIS_SALES: TaxRateFact = {
  rate: 9.679,
  status: 'inferred',
  source: `${STH_ST_LOUIS} ; ${ZAMP_ST_LOUIS} ; ${TAXWIRE_ST_LOUIS}`,
  date: '2025-01',
  note: "The city's base rate (4.225% state + 5.454% city) per Sales Tax Handbook (January 2025) and Zamp (2024, 9.68%). Taxwire gives 9.013% (undated) and conflicts. Stores in a CID/TDD pay 0.5-2% more; none was placed in one.",
};

const unknownSales = (why: string): TaxRateFact => ({
  rate: null,
  status: 'unknown',
  source: `Searched: city tax pages, Sales Tax Handbook, sales-taxes.com, DOR rate tables. ${READ_ON}`,
  date: 'undated',
  note: why,
});

const cityOfStLouis = (salesNote?: string): StoreTaxRates => ({
  jurisdiction: 'City of St. Louis',
  localMarijuana: CITY_OF_ST_LOUIS_MJ,
  sales: salesNote ? { ...CITY_OF_ST_LOUIS_SALES, note: salesNote } : CITY_OF_ST_LOUIS_SALES,
});

export const BUNDLED_TAX_RATES: Readonly<Record<string, StoreTaxRates>> = {
  'good-day-farm-central-west-end-euclid': cityOfStLouis(),
  'good-day-farm-broadway-soulard': cityOfStLouis(
    "The city's base rate; the store may lie in the Soulard CID (+1%, Taxwire), which was not checked.",
  ),
  'kind-goods-soulard': cityOfStLouis(
    "The city's base rate; the store may lie in the Soulard CID (+1%, Taxwire), which was not checked.",
  ),
  'kind-goods-the-hill': cityOfStLouis(),
  'luxury-leaf': cityOfStLouis(),
  'hi-pointe-blue-sage-cannabis-deli': cityOfStLouis(),
  'root-66-dogtown': cityOfStLouis(),
  'root-66-south-grand': {
    jurisdiction: 'City of St. Louis',
    localMarijuana: CITY_OF_ST_LOUIS_MJ,
    sales: {
      rate: 10.179,
      status: 'inferred',
      source: `${TAXWIRE_ST_LOUIS} ; ${STH_ST_LOUIS}`,
      date: '2025-01',
      note: "The city's base 9.679% plus the South Grand CID's 0.5% (Taxwire lists the CID at 0.5% over its base); 3737 S Grand Blvd is taken to be inside the CID, not confirmed.",
    },
  },
  'swade-the-grove': cityOfStLouis(),
  'swade-delmar-loop': cityOfStLouis(),
  'greenlight-chippewa-south-city': cityOfStLouis(),
  '3fifteen-primo-st-louis': cityOfStLouis(),
  'viola-olive-st-downtown-west': cityOfStLouis(),

  'key-cannabis-richmond-heights': {
    jurisdiction: 'Richmond Heights (St. Louis County)',
    localMarijuana: {
      rate: 3,
      status: 'verified',
      source: FOX2_RICHMOND_HEIGHTS,
      date: 'undated',
      note: 'Approved by voters in 2023; the council signed the ordinance (date not given).',
    },
    sales: {
      rate: 11.488,
      status: 'inferred',
      source: STH_ST_LOUIS,
      date: '2025-01',
      note: "The Richmond Heights Brentwood Boulevard/Clayton Road TDD's rate (ZIP 63117); 1026 S Brentwood Blvd is taken to be inside it from the district's name.",
    },
  },
  'key-cannabis-creve-coeur': {
    jurisdiction: 'Creve Coeur (St. Louis County)',
    localMarijuana: ballotCityMj('Creve Coeur'),
    sales: {
      rate: 8.988,
      status: 'inferred',
      source: STH_ST_LOUIS,
      date: '2025-01',
      note: "Creve Coeur's base rate; the store was not placed in or out of a district.",
    },
  },
  'greenlight-rock-hill': {
    jurisdiction: 'Rock Hill (St. Louis County)',
    localMarijuana: {
      rate: 3,
      status: 'verified',
      source: TIMES_PROP_M,
      date: '2023-04',
      note: 'Prop M passed in Rock Hill on 2023-04-04 by more than 70%.',
    },
    sales: {
      rate: 11.238,
      status: 'inferred',
      source: STH_ST_LOUIS,
      date: '2025-01',
      note: 'The Rock Hill "Market at McKnight" TDD rate (ZIP 63119); 9800 Manchester Rd is taken to be that center, not confirmed. Rock Hill\'s base rate was not found.',
    },
  },
  'greenlight-ferguson': {
    jurisdiction: 'Ferguson (St. Louis County)',
    localMarijuana: ballotCityMj('Ferguson'),
    sales: {
      rate: 10.738,
      status: 'inferred',
      source: STH_ST_LOUIS,
      date: '2025-01',
      note: "Ferguson's rate as Sales Tax Handbook lists it (ZIP 63135).",
    },
  },
  'feel-state-florissant': {
    jurisdiction: 'Florissant (St. Louis County)',
    localMarijuana: {
      rate: 3,
      status: 'verified',
      source: `${KBIA_RULING} ; ${KCUR_RULING}`,
      date: '2025-07-22',
      note: "Florissant's own 3% (the Robust case). Were the address unincorporated, the county's 3% would apply: 3% either way.",
    },
    sales: {
      rate: 8.988,
      status: 'inferred',
      source: `${IRS_OFFICES_FLORISSANT} ; ${STH_ST_LOUIS_COUNTY}`,
      date: 'undated',
      note: "Florissant's base rate (8.99% rounded in the source); the Florissant Newco TDD is 9.988%. The store was not placed.",
    },
  },
  'cookies-st-louis': {
    jurisdiction: 'Florissant (St. Louis County), from the mailing address',
    localMarijuana: {
      rate: 3,
      status: 'verified',
      source: `${KBIA_RULING} ; ${KCUR_RULING}`,
      date: '2025-07-22',
      note: "Florissant's own 3%; were 11088 New Halls Ferry Rd unincorporated, the county's 3% would apply: 3% either way.",
    },
    sales: {
      rate: 8.988,
      status: 'inferred',
      source: `${IRS_OFFICES_FLORISSANT} ; ${STH_ST_LOUIS_COUNTY}`,
      date: 'undated',
      note: "Florissant's base rate, taking the mailing city as the municipality (not confirmed).",
    },
  },
  'terrabis-creve-coeur': {
    jurisdiction: 'Creve Coeur (St. Louis County)',
    localMarijuana: ballotCityMj('Creve Coeur'),
    sales: {
      rate: 9.988,
      status: 'inferred',
      source: STH_ST_LOUIS,
      date: '2025-01',
      note: "The Creve Coeur Olive/Graeser TDD's rate (ZIP 63141); 11062 Olive Blvd is taken to be inside it from the district's name. Outside it, Creve Coeur's base is 8.988%.",
    },
  },
  'proper-cannabis-south-county-mehlville': {
    jurisdiction: 'Unincorporated St. Louis County (Mehlville)',
    localMarijuana: {
      ...ST_LOUIS_COUNTY_UNINCORPORATED_MJ,
      source: `${ST_LOUIS_COUNTY_UNINCORPORATED_MJ.source} ; ${CALL_SOUTH_COUNTY_STORES}`,
      note: 'Call Newspapers (2021-04) places 7417 S Lindbergh Blvd in unincorporated St. Louis County.',
    },
    sales: {
      rate: 7.738,
      status: 'inferred',
      source: `${ST_LOUIS_COUNTY_RATES_2018} ; ${CHESTERFIELD_TAXES}`,
      date: 'undated',
      note: "Unincorporated St. Louis County's base: 4.225% state + 3.513% county (the county's taxes as Chesterfield lists them; the county's 2018 table gave 7.6125% before the 0.125% zoo tax). A district near South County Center was not checked.",
    },
  },
  'proper-cannabis-crestwood': {
    jurisdiction: 'Crestwood (St. Louis County)',
    localMarijuana: {
      ...ballotCityMj('Crestwood'),
      source: `${CALL_SOUTH_COUNTY_BALLOT} ; ${STLPR_FORTY_CITIES} ; ${CALL_SOUTH_COUNTY_STORES}`,
    },
    sales: {
      rate: 10.488,
      status: 'inferred',
      source: STH_ST_LOUIS,
      date: '2025-01',
      note: "Crestwood's rate as Sales Tax Handbook lists it (ZIP 63126); 9933 Watson Rd is in Crestwood (Call Newspapers).",
    },
  },
  'proper-cannabis-bridgeton': {
    jurisdiction: 'Bridgeton (St. Louis County)',
    localMarijuana: ballotCityMj('Bridgeton'),
    sales: {
      rate: 10.988,
      status: 'inferred',
      source: SALES_TAXES_COUNTY,
      date: '2024',
      note: "Bridgeton's rate given as 10.99% (rounded; 10.988% taken, as every St. Louis County total ends in .x38 or .x88). A St. Charles Rock Road TDD exists further west (St. Ann); not checked here.",
    },
  },
  'proper-cannabis-kirkwood': {
    jurisdiction: 'Kirkwood (St. Louis County)',
    localMarijuana: {
      rate: 3,
      status: 'verified',
      source: `${TIMES_PROP_M} ; ${STLTODAY_KIRKWOOD} ; ${KMOV_VOTES}`,
      date: '2023-04-19',
      note: 'St. Louis Post-Dispatch: recreational sales at 10855 Manchester Rd would be taxed 3 cents on the dollar after the April 2023 vote.',
    },
    sales: {
      rate: 9.238,
      status: 'inferred',
      source: `${KIRKWOOD_TAXES} ; ${TIMES_KIRKWOOD_TDD}`,
      date: 'undated',
      note: "The city's own page gives 9.238% total (undated). A city-wide 1% TDD was proposed in 2021 (it would make 10.238%); whether it passed was not found.",
    },
  },
  'proper-cannabis-university-city': {
    jurisdiction: 'University City (St. Louis County)',
    localMarijuana: ballotCityMj('University City'),
    sales: unknownSales("University City's combined rate was not found."),
  },
  'proper-cannabis-ellisville': {
    jurisdiction: 'Ellisville (St. Louis County)',
    localMarijuana: ballotCityMj('Ellisville'),
    sales: {
      rate: 10.988,
      status: 'inferred',
      source: STH_ST_LOUIS_COUNTY,
      date: '2023',
      note: "The 'Ellisville' jurisdiction's rate as Sales Tax Handbook lists it; Ellisville's CIDs differ and the store was not placed.",
    },
  },
  'good-day-farm-ellisville': {
    jurisdiction: 'Ellisville (St. Louis County)',
    localMarijuana: ballotCityMj('Ellisville'),
    sales: {
      rate: 10.988,
      status: 'inferred',
      source: STH_ST_LOUIS_COUNTY,
      date: '2023',
      note: "The 'Ellisville' jurisdiction's rate as Sales Tax Handbook lists it; Ellisville's CIDs differ and the store was not placed.",
    },
  },
  'good-day-farm-clayton': {
    jurisdiction: 'Clayton (St. Louis County)',
    localMarijuana: ballotCityMj('Clayton'),
    sales: {
      rate: 9.238,
      status: 'inferred',
      source: CLAYTON_TAXES,
      date: 'undated',
      note: "The city's own page: 9.238% total, 10.2375% in five named CIDs (Danielle, 25 North Central, Colonial Market Place, Centene Plaza, 7730 Bonhomme); 118 S Hanley Rd is taken to be in none of them.",
    },
  },
  'kind-goods-manchester': {
    jurisdiction: 'Unincorporated St. Louis County near Manchester (as of 2023)',
    localMarijuana: {
      rate: 3,
      status: 'inferred',
      source: `${KSDK_MANCHESTER} ; ${KMOV_VOTES} ; ${KCUR_RULING}`,
      date: '2023-01',
      note: "In 2023 the store sat just outside Manchester in unincorporated county (the county's 3% applies); Manchester sought to annex it and had Prop M on its ballot. Whether the annexation happened was not found: 3% unless it did and Manchester's measure failed.",
    },
    sales: unknownSales(
      'Depends on whether the store is in Manchester or unincorporated county; not settled.',
    ),
  },
  'kind-goods-fenton': {
    jurisdiction: 'Fenton (St. Louis County)',
    localMarijuana: {
      rate: null,
      status: 'unknown',
      source: `${MARYLAND_HEIGHTS_PROP_M} ; ${CALL_SOUTH_COUNTY_BALLOT}`,
      date: '2023-03',
      note: "Maryland Heights listed Fenton as 'considering' a tax, but Call Newspapers' April 2023 ballot list has Fenton asking only for a use tax. If Fenton has no marijuana tax, the rate is 0 since the 2025 ruling.",
    },
    sales: {
      rate: 9.238,
      status: 'inferred',
      source: STH_ST_LOUIS_COUNTY,
      date: '2023',
      note: "The Fenton Gravois Bluffs TDD's rate; 180 Gravois Bluffs Cir is taken to be inside it from the district's name.",
    },
  },
  'high-profile-sunset-hills': {
    jurisdiction: 'Sunset Hills (St. Louis County)',
    localMarijuana: {
      ...ballotCityMj('Sunset Hills'),
      source: `${CALL_SOUTH_COUNTY_BALLOT} ; ${STLPR_FORTY_CITIES}`,
    },
    sales: unknownSales("Sunset Hills' combined rate was not found."),
  },
  'hippos-chesterfield': {
    jurisdiction: 'Chesterfield (St. Louis County)',
    localMarijuana: {
      rate: 0,
      status: 'inferred',
      source: `${SPECTRUM_CHESTERFIELD} ; ${KCUR_RULING}`,
      date: '2025-07-23',
      note: "Chesterfield's council tabled a marijuana tax indefinitely in January 2023 and no later measure was found; since the 2025 ruling the county's 3% does not apply inside a city.",
    },
    sales: {
      rate: 9.113,
      status: 'verified',
      source: CHESTERFIELD_TAXES,
      date: 'undated',
      note: "The city's own page: ZIP 63005, Chesterfield Valley TDD, 9.113% (17409 Chesterfield Airport Rd is in the Valley). The page is undated.",
    },
  },
  'nature-med-south-county-kingston-dr': {
    jurisdiction: 'Unincorporated St. Louis County (taken from the mailing address)',
    localMarijuana: {
      ...ST_LOUIS_COUNTY_UNINCORPORATED_MJ,
      status: 'inferred',
      note: '234 Kingston Dr (St. Louis 63125) is taken to be unincorporated county, whose 3% applies; not confirmed.',
    },
    sales: unknownSales('The municipality or district at 234 Kingston Dr was not confirmed.'),
  },
  'codes-st-louis-concord-village': {
    jurisdiction: 'Unincorporated St. Louis County (Concord, taken from the mailing address)',
    localMarijuana: {
      ...ST_LOUIS_COUNTY_UNINCORPORATED_MJ,
      status: 'inferred',
      note: '11420 Concord Village Ave (St. Louis 63123) is taken to be unincorporated county (Concord), whose 3% applies; not confirmed.',
    },
    sales: unknownSales('The district at 11420 Concord Village Ave was not checked.'),
  },
  'root-66-des-peres': {
    jurisdiction: 'Des Peres (St. Louis County)',
    localMarijuana: {
      rate: 3,
      status: 'verified',
      source: TIMES_PROP_M,
      date: '2023-04',
      note: 'Prop M passed in Des Peres on 2023-04-04 by 83%, effective October 1.',
    },
    sales: unknownSales("Des Peres' combined rate was not found."),
  },
  'swade-st-peters': {
    jurisdiction: 'St. Peters (St. Charles County)',
    localMarijuana: stCharlesCountyMj('St. Peters'),
    sales: {
      rate: 7.95,
      status: 'inferred',
      source: GSTLOOKUP_ST_CHARLES,
      date: '2025-10',
      note: "St. Peters' rate as gstlookup lists it (another aggregator says 7.96%); the store was not placed in or out of a district.",
    },
  },
  'mint-cannabis-the-mint-st-peters': {
    jurisdiction: 'St. Peters (St. Charles County)',
    localMarijuana: stCharlesCountyMj('St. Peters'),
    sales: {
      rate: 7.95,
      status: 'inferred',
      source: GSTLOOKUP_ST_CHARLES,
      date: '2025-10',
      note: "St. Peters' rate as gstlookup lists it; whether Mid Rivers Mall has a district of its own was not checked.",
    },
  },
  'heya-wellness-st-charles-st-peters': {
    jurisdiction: 'St. Peters (St. Charles County)',
    localMarijuana: stCharlesCountyMj('St. Peters'),
    sales: {
      rate: 7.95,
      status: 'inferred',
      source: GSTLOOKUP_ST_CHARLES,
      date: '2025-10',
      note: "St. Peters' rate as gstlookup lists it; the store was not placed in or out of a district.",
    },
  },
  'key-cannabis-st-charles-ofallon': {
    jurisdiction: "O'Fallon or unincorporated St. Charles County (Highway N)",
    localMarijuana: stCharlesCountyMj("O'Fallon"),
    sales: unknownSales(
      "Whether 6700 Highway N is inside O'Fallon (7.95% per gstlookup) or unincorporated county was not settled.",
    ),
  },
};
