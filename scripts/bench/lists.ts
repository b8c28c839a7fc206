// The lists at scale (`npm run bench:money-desk`): a register of a million members, how many
// members a search finds, the payments search by any text, and the payments and members lists
// downloaded as CSV, exactly as filtered.

/**
 * Members from 1000000, a million unless told (the year's payments name 1000000 to 1049999), written
 * straight into the table: ten first names and twelve surnames, nine in ten active, the rest
 * suspended or closed.
 */
export const seedMembers = (count = 1_000_000) => `
  insert into members (member_number, full_name, status, active_since, activation, created_at, updated_at)
  select (1000000 + n)::text,
    (array['Achieng','Wanjiru','Kamau','Otieno','Njeri','Mwangi','Akinyi','Kiprop','Chebet','Omondi'])[1 + n % 10]
      || ' ' || (array['Atieno','Njoroge','Wambui','Ochieng','Kariuki','Muthoni','Odhiambo','Kipchoge','Nyambura',
      'Mutua','Owino','Wekesa'])[1 + (n / 10) % 12],
    case when n % 100 < 90 then 'active' when n % 100 < 97 then 'suspended' else 'closed' end,
    case when n % 100 < 90 then timestamptz '2025-01-01T00:00:00Z' end, 1,
    timestamptz '2025-01-01T00:00:00Z', timestamptz '2025-01-01T00:00:00Z' + (n % 300) * interval '1 day'
  from generate_series(0, ${count - 1}) n`;

const ms = (seconds: number) => `${(seconds * 1000).toFixed(0)} ms`;

/** One call of the admin API, read to its end: how long it took, its size, and its first line. */
async function read(url: string, token: string, path: string) {
  const started = performance.now();
  const response = await fetch(`${url}/admin/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text.slice(0, 200)}`);
  const lines = text.split('\r\n').length - 2;
  return { seconds: (performance.now() - started) / 1000, bytes: text.length, lines, text };
}

/** The members totals three times each, then each download once, with how many rows it held. */
export async function timeLists(url: string, token: string, log: (line: string) => void): Promise<void> {
  for (const query of ['', '?status=suspended', '?q=12', '?q=wanjiru', '?q=nobody atall', '?near=1234567']) {
    const runs = [];
    let count = '';
    for (let i = 0; i < 3; i++) {
      const answer = await read(url, token, `/members/totals${query.replace(' ', '%20')}`);
      runs.push(answer.seconds);
      count = (JSON.parse(answer.text) as { count: number }).count.toLocaleString('en');
    }
    log(`members totals${query || ' (every member)'}: ${count}; ${runs.map(ms).join(', ')}`);
  }
  await timePaymentsSearch(url, token, log);
  const downloads = [
    '/members?format=csv&status=closed',
    '/members?format=csv&q=wanjiru',
    '/members?format=csv',
    '/payments?format=csv&status=held',
    '/payments?format=csv&from=2026-11-01&to=2026-11-23',
    '/payments?format=csv',
  ];
  for (const path of downloads) {
    const { seconds, bytes, lines } = await read(url, token, path);
    log(`${path}: ${lines.toLocaleString('en')} rows, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s`);
  }
}

/**
 * The payments search by any text, its first page and its totals three times each: a part of one
 * reference, a payer's name (eleven payments), a member's whole name (one in 120 of them), a
 * member's first name (a tenth), a phone written as stored and with spaces (one payment), a name
 * no payment has, and "07", which every phone holds. Then the payments a member's name finds, as CSV.
 */
export async function timePaymentsSearch(url: string, token: string, log: (line: string) => void): Promise<void> {
  const searches = ['0-777777', 'Payer 12345', 'Kamau Atieno', 'wanjiru', '0700123456', '0700 123 456'];
  for (const q of [...searches, 'Nobody Atall', '07']) {
    const query = `q=${encodeURIComponent(q)}`;
    const pages = [];
    const totals = [];
    let count = '';
    for (let i = 0; i < 3; i++) pages.push((await read(url, token, `/payments?${query}&limit=50`)).seconds);
    for (let i = 0; i < 3; i++) {
      const answer = await read(url, token, `/payments/totals?${query}`);
      totals.push(answer.seconds);
      count = (JSON.parse(answer.text) as { count: number }).count.toLocaleString('en');
    }
    log(
      `payments search q=${q}: first page ${pages.map(ms).join(', ')}; totals (${count}) ${totals.map(ms).join(', ')}`,
    );
  }
  const path = '/payments?format=csv&q=wanjiru';
  const { seconds, bytes, lines } = await read(url, token, path);
  log(`${path}: ${lines.toLocaleString('en')} rows, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s`);
}
