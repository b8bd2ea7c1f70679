export {
  chooseFileType,
  closeExport,
  type ExportOption,
  type ExportState,
  fileNameFromDisposition,
  openExport,
  useExport,
} from './export-store';
