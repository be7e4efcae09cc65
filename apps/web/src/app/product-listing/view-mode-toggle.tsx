import { useTranslation } from '../../lib/i18n';
import { useViewMode, type ViewMode } from '../../features/catalogue/hooks/use-view-mode';

const LIST = 'M3 14h4v-4H3zm0 5h4v-4H3zM3 9h4V5H3zm5 5h13v-4H8zm0 5h13v-4H8zM8 5v4h13V5z';
const GRID =
  'M3 3v8h8V3zm6 6H5V5h4zm-6 4v8h8v-8zm6 6H5v-4h4zm4-16v8h8V3zm6 6h-4V5h4zm-6 4v8h8v-8zm6 6h-4v-4h4z';

/** Grid / list switch: two toggle buttons with aria-pressed; the choice is remembered. */
export function ViewModeToggle() {
  const { t } = useTranslation();
  const [mode, setMode] = useViewMode();
  const option = (value: ViewMode, label: string, path: string) => (
    <button type="button" aria-label={label} aria-pressed={mode === value} onClick={() => setMode(value)}>
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={path} fill="currentColor" />
      </svg>
    </button>
  );
  return (
    <div
      role="group"
      aria-label={t('listing.viewMode')}
      data-testid="view-mode-toggle"
      className="view-toggle"
    >
      {option('list', t('listing.viewList'), LIST)}
      {option('grid', t('listing.viewGrid'), GRID)}
    </div>
  );
}
