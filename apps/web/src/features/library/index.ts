/*
 * The library's face (See: [Note: Feature faces]): the data source a grid draws from, the
 * timeline's months or an album's, and a month's files. The timeline's queries are api.ts.
 */
export {
  hasAllFiles,
  monthsSource,
  useMonthFiles,
  useSectionFiles,
  type GridSource,
  type SectionFilesQuery,
} from './grid-source.ts';
