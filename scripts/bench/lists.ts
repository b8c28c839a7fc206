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
  // The payments search by any text: a part of one reference (one payment), a name no payment has,
  // a member's name (a tenth of the payments), a payer's phone.
  for (const q of ['1-777777', 'Nobody Atall', 'wanjiru', '0700123456']) {
    const runs = [];
    for (let i = 0; i < 3; i++)
      runs.push((await read(url, token, `/payments?q=${encodeURIComponent(q)}&limit=50`)).seconds);
    log(`payments search q=${q}: ${runs.map(ms).join(', ')}`);
  }
  const downloads = [
    '/members?format=csv&status=closed',
    '/members?format=csv&q=wanjiru',
    '/members?format=csv',
    '/payments?format=csv&status=held',
    '/payments?format=csv&q=wanjiru',
    '/payments?format=csv&from=2026-11-01&to=2026-11-23',
    '/payments?format=csv',
  ];
  for (const path of downloads) {
    const { seconds, bytes, lines } = await read(url, token, path);
    log(`${path}: ${lines.toLocaleString('en')} rows, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s`);
  }
}
