import type { CorpusCase } from './corpus';
import {
  FIELDS,
  POTENCY_FIELDS,
  precision,
  recall,
  share,
  type CaseScore,
  type Tally,
} from './score';

export interface PlatformResult {
  platform: string;
  cases: Array<{ corpusCase: CorpusCase; score: CaseScore }>;
  tally: Tally;
}

const ratio = (value: number) => value.toFixed(2);
const percent = (value: number) => `${Math.round(value * 1000) / 10}%`;

/** The accuracy report as Markdown: per platform, detection and each field; then each miss. */
export function accuracyReport(
  results: readonly PlatformResult[],
  total: Tally,
  skipped: readonly string[],
): string {
  const header = ['platform', 'shops', 'deals', 'precision', 'recall', ...FIELDS];
  const row = (name: string, shops: number, tally: Tally) => [
    name,
    String(shops),
    String(tally.labelled),
    ratio(precision(tally)),
    ratio(recall(tally)),
    ...FIELDS.map((field) => percent(share(tally, field))),
  ];
  const rows = [
    ...results.map((result) => row(result.platform, result.cases.length, result.tally)),
    row(
      'all',
      results.reduce((sum, result) => sum + result.cases.length, 0),
      total,
    ),
  ];
  const table = [header, header.map(() => '---'), ...rows].map(
    (cells) => `| ${cells.join(' | ')} |`,
  );
  const potencyRows = [
    ...results.map((result) => [result.platform, result.tally] as const),
    ['all', total] as const,
  ]
    .filter(([, tally]) => POTENCY_FIELDS.some((field) => tally.potencyLabelled[field] > 0))
    .map(([name, tally]) => [
      name,
      ...POTENCY_FIELDS.flatMap((field) => [
        String(tally.potencyLabelled[field]),
        percent(share(tally, field)),
      ]),
    ]);
  const potencyTable = [
    ['platform', 'THC labelled', 'THC right', 'CBD labelled', 'CBD right'],
    ['---', '---', '---', '---', '---'],
    ...potencyRows,
  ].map((cells) => `| ${cells.join(' | ')} |`);
  const problems = results.flatMap(({ cases }) =>
    cases.flatMap(({ corpusCase, score }) => [
      ...score.missed.map((label) => `- ${corpusCase.name}: missed '${label.title}'`),
      ...score.extra.map((deal) => `- ${corpusCase.name}: not a labelled deal: '${deal.title}'`),
      ...score.matched
        .filter((match) => match.wrong.length > 0)
        .map(
          (match) => `- ${corpusCase.name}: '${match.label.title}' wrong ${match.wrong.join(', ')}`,
        ),
    ]),
  );
  const shops = results.flatMap(({ cases }) =>
    cases.map(
      ({ corpusCase: c }) =>
        `| ${c.name} | ${c.shop} | ${c.state} | ${c.kind} | ${c.labels.length} | ${c.source.repository} @ ${c.source.commit.slice(0, 12)} (${c.source.date}) |`,
    ),
  );
  return [
    '# Adapter accuracy on the labelled corpus',
    '',
    'Precision and recall of deal detection, and the share of matched deals whose field is exactly',
    'right (prices to the cent, size as an amount, unit price within 1%). `npm run accuracy`.',
    '',
    ...table,
    '',
    '## Potency',
    '',
    'Of the matched deals whose label states their THC or CBD (a figure, or none where nothing',
    'states one), the share the parse reads exactly: the same unit (percent for flower, pre-rolls,',
    'vapes and concentrates, mg per package for edibles and topicals) and range, to 0.01.',
    '',
    ...potencyTable,
    '',
    '## Cases',
    '',
    '| case | shop | state | kind | labelled deals | source |',
    '| --- | --- | --- | --- | --- | --- |',
    ...shops,
    '',
    '## Differences',
    '',
    ...(problems.length > 0 ? problems : ['None.']),
    ...(skipped.length > 0
      ? [
          '',
          '## Skipped (third-party captures not on this machine)',
          '',
          ...skipped.map((name) => `- ${name}`),
        ]
      : []),
    '',
  ].join('\n');
}
