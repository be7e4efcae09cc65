import type { ReactNode } from 'react';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';

/**
 * The back office's small tables on its own pages (Integrazioni, Importa assortimento, Listini): a section
 * named by its heading (h2), an optional line or buttons under it, then a compact table with a header row and
 * one row per item, or a sentence when there is none. Wide tables scroll sideways inside the section.
 */
export function SectionTable<R>(props: {
  /** the heading's id (the section is labelled by it) */
  id: string;
  title: ReactNode;
  /** the header cells; '' for a column of buttons */
  headers: readonly ReactNode[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  /** a row's cells, in the headers' order */
  cells: (row: R) => readonly ReactNode[];
  /** shown instead of the table when there is no row; absent: an empty table */
  empty?: ReactNode;
  /** under the heading, before the table */
  intro?: ReactNode;
}) {
  const { id, rows } = props;
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 3, overflowX: 'auto' }}>
      <Typography id={id} variant="h6" component="h2">
        {props.title}
      </Typography>
      {props.intro}
      {rows.length === 0 && props.empty !== undefined ? (
        <Typography variant="body2">{props.empty}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              {props.headers.map((h, i) => (
                <TableCell key={i}>{h}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={props.rowKey(row)}>
                {props.cells(row).map((cell, i) => (
                  <TableCell key={i}>{cell}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
