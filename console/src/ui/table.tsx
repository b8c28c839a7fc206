import type { ComponentChildren } from 'preact';
import { TableScroll } from './table-scroll.js';

/** A column's heading; with a class where the column is laid out apart (numbers to the right). `false`: not shown. */
export type Column = string | { text: string; class: string } | false;

/** A table of things, one a row under the columns' headings, that scrolls sideways on a narrow screen. */
export function Table(props: {
  label: string;
  class?: string;
  columns: readonly Column[];
  children: ComponentChildren;
}) {
  return (
    <TableScroll label={props.label}>
      <table class={props.class}>
        <thead>
          <tr>
            {props.columns.map((column) =>
              column === false ? null : typeof column === 'string' ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <th key={column.text} scope="col" class={column.class}>
                  {column.text}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </TableScroll>
  );
}
