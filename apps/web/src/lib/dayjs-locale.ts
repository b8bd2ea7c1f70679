/**
 * Arabic for dayjs, which @mantine/dates formats with (DatesProvider sets locale 'ar'). Imported by
 * the modules that render date pickers rather than by the shell, so dayjs loads with them.
 */
import 'dayjs/locale/ar';
