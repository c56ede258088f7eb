import { useTranslate } from 'react-admin';
import { Box, Link } from '@mui/material';
import { ACCESSIBILITY_STATEMENT_PATH } from '@stageplein/contracts/routes/route-manifest';

/**
 * The back office's footer: the accessibility statement, which lives in the portal (a full page load),
 * like every footer of the product links it (issue #13, docs/accessibility.md).
 */
export function AdminFooter() {
  const translate = useTranslate();
  return (
    <Box component="footer" data-testid="admin-footer" sx={{ py: 3, px: 2, textAlign: 'center' }}>
      <Link href={ACCESSIBILITY_STATEMENT_PATH} data-testid="footer-accessibility" color="inherit">
        {translate('routes.accessibility')}
      </Link>
    </Box>
  );
}
