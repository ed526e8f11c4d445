import { expect, signIn, test } from './fixtures';
import { expectNoViolations } from './axe';

const stamp = Date.now();
function csv(badLines: boolean): string {
  const lines = ['email,full_name,roles,locale'];
  for (let index = 1; index <= 200; index++) {
    let email = `import-${stamp}-${index}@leerpad.test`;
    let locale = 'nl';
    if (badLines && index === 50) email = `not-an-address-${index}`;
    if (badLines && index === 120) locale = 'xx';
    lines.push(`${email},Geïmporteerd ${index},student,${locale}`);
  }
  return lines.join('\n');
}

test('an admin imports 200 accounts: bad lines first, then all of them', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/admin/accounts/import');
  await expectNoViolations(page);

  await page.getByTestId('import-file').setInputFiles({
    name: 'accounts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv(true), 'utf8'),
  });
  await page.getByTestId('start-import').click();
  const report = page.getByTestId('import-report');
  await expect(report).toBeVisible();
  await expect(report.getByRole('row')).toHaveCount(3);
  await expect(report).toContainText('51');
  await expect(report).toContainText('121');

  await page.getByTestId('import-file').setInputFiles({
    name: 'accounts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv(false), 'utf8'),
  });
  await page.getByTestId('start-import').click();
  const result = page.getByTestId('import-result');
  await expect(result.getByRole('progressbar')).toBeVisible();
  await expect(result).toContainText('200', { timeout: 30_000 });
  await expect(result.getByRole('progressbar')).toHaveAttribute('value', '200', { timeout: 30_000 });
  await expectNoViolations(page);
});
