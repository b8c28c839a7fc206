import { formatMoney } from '../../decimal.js';
import { Table } from '../../ui/table.js';
import { CATEGORIES, type Category, categorySums, type Run } from './words.js';

/** Each category of the run with its count, exact sum per currency and how many are still open; its name shows its lines. */
export function Categories({
  run,
  category,
  onChoose,
}: {
  run: Run;
  category: Category;
  onChoose: (category: Category) => void;
}) {
  return (
    <Table
      label="Categories"
      class="categories"
      columns={[
        'Category',
        { text: 'Lines', class: 'num' },
        { text: 'Sum', class: 'num' },
        { text: 'Still open', class: 'num' },
        { text: 'What it means', class: 'meaning' },
      ]}
    >
      {(Object.keys(CATEGORIES) as Category[]).map((name) => (
        <tr key={name}>
          <th scope="row">
            <button type="button" class="link" aria-pressed={name === category} onClick={() => onChoose(name)}>
              {CATEGORIES[name].name}
            </button>
            <span class="meaning-below">{CATEGORIES[name].meaning}</span>
          </th>
          <td class="num">{run.totals[name]?.count ?? 0}</td>
          <td class="num">
            {categorySums(run, name).map((one) => (
              <span key={one.currency} class="sum">
                {formatMoney(one.sum, one.currency)}
              </span>
            ))}
          </td>
          <td class="num">{run.open.byCategory[name] ?? 0}</td>
          <td class="meaning">{CATEGORIES[name].meaning}</td>
        </tr>
      ))}
    </Table>
  );
}
