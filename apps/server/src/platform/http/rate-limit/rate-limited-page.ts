/** The page a visitor sees when over budget: plain HTML, no script, no style, nothing to load. */
export function rateLimitedPage(retryAfterSeconds: number, homeHref: string): string {
  const wait = retryAfterSeconds > 90 ? `${Math.ceil(retryAfterSeconds / 60)} 分鐘` : `${retryAfterSeconds} 秒`;
  return `<!doctype html>
<html lang="zh-Hant-TW">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>請求過於頻繁</title>
</head>
<body>
<main>
<h1>請求過於頻繁，請稍後再試</h1>
<p>您在短時間內送出了太多請求。為了讓每位使用者都能順利瀏覽，請約 ${wait}後再重新整理頁面。</p>
<p><a href="${homeHref}">回到首頁</a></p>
</main>
</body>
</html>
`;
}
