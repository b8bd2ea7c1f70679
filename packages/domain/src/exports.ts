/**
 * Rows one PDF export may hold: the server refuses longer lists and the export dialog says so
 * before the user picks PDF (Excel and CSV stream any length).
 */
export const PDF_ROW_LIMIT = 1000;
