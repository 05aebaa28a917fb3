import { intlLocale, type Locale } from './locales';

/**
 * Messages both the server and the browser produce: validation messages (zod schemas carry these
 * keys) and API error messages. The app merges them into its i18n tables; the server answers in
 * the request's locale. Wording follows the spec.
 */
export const sharedMessages = {
  en: {
    validation: {
      required: 'Required',
      // zod's defaults in the spec's words (common/zod-messages.ts), for rules without a message of their own.
      invalidType: 'Expected {{expected}}, received {{received}}',
      stringTooShort: 'String must contain at least {{min}} character(s)',
      stringTooLong: 'String must contain at most {{max}} character(s)',
      invalidEmail: 'Invalid email',
      tooShort: 'Must be at least {{min}} characters',
      tooLong: 'Must be at most {{max}} characters',
      userNameChars: 'Use only English letters, digits, dot, dash and underscore',
      userNameLetters: 'Use letters and digits (Persian or English), dot, dash and underscore',
      userNameScript: 'Use the letters of one alphabet: Persian or English, not both (and no look-alike letters of others)',
      userNameBidi:
        'Remove the text-direction control characters (such as U+202E): they make a name show differently from what it is',
      userNameInvisible:
        'Remove the invisible characters (zero-width spaces or joiners, kashida): they make one name look like another',
      userNameZwnj: 'A half-space may only join two Persian letters inside the name, not start or end it',
      passwordMin: 'Password must be at least 6 characters',
      passwordMax: 'Password must be at most 200 characters',
      passwordWeak: 'This password is too easy to guess. Try a longer phrase of unrelated words.',
      confirmPasswordMin: 'Confirm Password must be at least 6 characters',
      passwordsMismatch: 'Passwords do not match',
      inviteEmail: 'Enter the address the invitation goes to',
      pubkey: 'Device key must be 64 hexadecimal characters',
      invalid: 'Invalid value',
      analyticsDays: 'Choose 7, 30 or 90 days',
      text: 'Must be text',
      imageAddress: 'Must be a site path (/media/…) or an http(s) address',
      date: 'Must be a date (YYYY-MM-DD)',
      dateTime: 'Must be a date and time with its time zone (2026-12-01T09:30:00+03:30)',
      oneWord: 'Must be one word (letters, digits, - or _)',
      boolean: 'Must be true or false',
      redirectFromPath: 'Enter a path on this site, starting with / (such as /old-page or /en/old-page)',
      redirectFragment: 'Leave out the #… part: browsers never send it to the server',
      redirectFromQuery: 'Only the path is matched: leave out the ?… part (WordPress’s /?p=12 is the one exception)',
      redirectFromSiteRoute: '{{path}} is one of the site’s own addresses: a redirect cannot take it over',
      redirectToAddress: 'Enter a path on this site (/fa/… or /en/…) or a full http(s) address',
      redirectToCredentials: 'Leave the user name and password out of the address',
      redirectToQuery: 'A path on this site takes no ?… or #… part (the visitor’s own ?… is passed on)',
      redirectToSiteRoute:
        '{{path}} cannot be a target: lead to a page under /fa/ or /en/, a category, tag or author page, a feed or a media file',
      redirectToItself: 'A redirect cannot lead to its own source',
      redirectStatus: 'Choose 301 (moved for good) or 302 (for now)',
      redirectCsvColumns: 'Each line needs a source and a target, and may add 301 or 302',
      redirectCsvRepeated: 'This source is already on line {{line}} of the file',
      csvQuoteOpen: 'A quote opened on this line is never closed',
      timeZone: 'Choose a time zone from the list: an IANA name such as Asia/Tehran or Europe/Berlin',
      colorMode: 'Must be light or dark, or left out to follow the reader',
      menuTarget: 'Must be a path on this site (/about) or an http(s) address',
      menuTargetLocale: 'Write the path without the language (/about, not /en/about): links add it',
      dashTarget: 'Must be a dashboard path (/manage/…)',
      categorySlug: 'Must start with a letter, then letters, digits, - or _',
      duplicate: 'Already in the list',
      tooMany: 'At most {{max}} entries',
      pageListedTwice: 'This page is listed twice',
      categoryUnknown: 'No such category',
      email: 'Enter a valid email address',
      nestedTooDeeply: 'Nested too deeply: at most {{max}} levels of lists and mappings',
      tagEmpty: 'A tag needs at least one letter or digit',
      tagTooLong: 'A tag may have at most {{max}} characters',
    },
    api: {
      validationFailed: 'Please correct the highlighted fields',
      invalidJson: 'The request body is not valid JSON',
      bodyTooLarge: 'The request body is too large',
      alreadyInstalled: 'Application is already installed',
      webhookNotConfigured: 'No webhook is configured on this site (set GITHUB_WEBHOOK_SECRET)',
      webhookSignatureInvalid: 'The webhook signature is missing or wrong',
      notInstalled: 'The site is not installed yet',
      setupTokenInvalid: 'The setup token is missing or wrong',
      notMigrated: 'Run the database migrations first',
      defaultsMissing: 'Load the default data first',
      userNameTaken: 'This user name is already taken',
      crossOrigin: 'Cross-origin request refused',
      apiRouteNotFound: 'API route not found: {{path}}',
      publicPageNotFound: 'Page not found: {{path}}',
      networkError: 'Could not reach the server',
      noBuildYet: 'No build published yet',
      unknownBuild: 'Unknown build',
      databaseUnavailable: 'Database unavailable',
      requestTooSlow:
        'This request took too long and was stopped so that the site keeps answering. Try again in a moment, or ask for less (an earlier page, fewer filters).',
      diskFull: 'The server’s disk is full: nothing was saved. Ask the site’s operator to free some space, then try again.',
      databaseBusy: 'The database is busy: nothing was saved. Try again in a moment.',
      storageWriteFailed:
        'The server could not write to its storage: nothing was saved. Try again in a moment; if it keeps failing, tell the site’s operator.',
      signInRequired: 'Please sign in first',
      forbidden: 'You do not have permission to do this',
      invalidCredentials: 'Invalid username or password',
      tooManyAttempts: 'Too many attempts. Please wait {{minutes}} minutes and try again.',
      captchaFailed: 'The CAPTCHA check failed. Please try again.',
      currentPasswordWrong: 'The current password is not correct',
      notFound: 'Not found',
      lastOwner: 'The site must keep at least one active owner',
      ownerRoleLocked: 'The owner role always has every permission; it cannot be changed or deleted',
      roleNameTaken: 'A role with this name already exists',
      unknownRole: 'Unknown role',
      grantBeyondOwn: 'You cannot grant permissions you do not hold yourself: {{permissions}}',
      userBeyondOwn: 'This account has permissions you do not hold, so you cannot change it',
      ownerRoleOwnersOnly: 'Only an owner can give or take away the owner role',
      ownerAccountOwnersOnly: "Only an owner can change, disable, delete or reset the password of an owner's account",
      deleteSelf: 'You cannot delete your own account',
      disableSelf: 'You cannot disable your own account',
      userDisabled: 'This account is disabled; enable it first',
      memberRoleLocked: 'New registrations get the member role, so it cannot be deleted',
      roleInUse: 'Users holding this role: {{count}}. Give them another role first',
      resetLinkInvalid: 'This password reset link is not valid. Ask an administrator for a new one.',
      resetLinkExpired: 'This password reset link has expired. Ask an administrator for a new one.',
      resetLinkUsed: 'This password reset link has already been used. Ask an administrator for a new one.',
      emailTaken: 'Another account already uses this e-mail address',
      emailLinkInvalid: 'This confirmation link is not valid or was already used. Send a new one from your profile.',
      emailLinkExpired: 'This confirmation link has expired. Send a new one from your profile.',
      noPendingEmail: 'No new address is waiting for confirmation',
      mailOff: 'Mail is not configured on this site: ask the site’s owner',
      siteAddressMissing:
        'This site has no public address yet, so it sends no mail with links: the site’s owner needs to set SITE_URL (e.g. https://example.com) and restart the server',
      unsubscribeLinkInvalid: 'This unsubscribe link is not valid. Turn notifications off in your profile instead.',
      contentRepositoryMissing: 'No content repository is configured',
      pagePathInvalid: 'Page paths are words of letters, digits, - and _, separated by /',
      pagePathReserved: 'The address {{path}} belongs to the site itself; choose another path',
      pageExists: 'A page already exists at {{path}}',
      pageNotFound: 'There is no page at {{path}}',
      pageBeingMoved: 'This page has a pending move; discard the move first',
      pageTooLarge:
        'This page is too large to save: {{size}} of Markdown, and a page may have at most {{limit}}. Split it into several pages',
      pageRenderedTooLarge:
        'This page is too large to save: it renders to {{size}}, and a page may take at most {{limit}}. Split it into several pages',
      moveSamePlace: 'The page is already at that path',
      changeRaced: 'Someone saved the same page at the same moment; reload and try again',
      nothingToPublish: 'Nothing to publish: no changes are pending',
      scheduleTooFar: 'A publish can be scheduled at most a year ahead',
      notScheduled: 'This build is not scheduled',
      publishAtPast: 'Choose a time in the future, or publish now',
      publishInProgress: 'Another build is being published; try again in a moment',
      publishConflict: 'These files were changed in the repository after they were edited here; nothing was published',
      buildNotFound: 'There is no such build',
      revertNotPublished: 'Only a published build can be reverted',
      revertConflict: 'A later build or a pending change touched the same files; revert or discard that first',
      repositoryFailed: 'The content repository could not be written: {{reason}}',
      repositoryDamaged:
        'The content repository is damaged: object {{object}} cannot be read. Nothing was changed; restore the repository from a backup',
      repositoryDamagedFile:
        'The content repository is damaged: {{file}} (object {{object}}) cannot be read. Nothing was changed; restore the repository from a backup',
      syncRefusedUnborn:
        'Re-index refused: the content repository has no commits, so all {{n}} pages would be removed. The site keeps its pages',
      syncRefusedEmpty:
        'Re-index refused: the content repository has no pages, so all {{n}} pages would be removed. The site keeps its pages',
      syncRefusedUnrelated:
        'Re-index refused: the content repository does not contain the commit the site was indexed from, and {{n}} pages would be removed. The site keeps its pages',
      publishRepositoryMismatch:
        'The content repository does not contain the commit the site was indexed from (another repository, branch or data folder?); nothing was published',
      mediaMissing: 'Choose an image file to upload (form field "file")',
      mediaTooLarge: 'The file is larger than the limit of {{limit}}',
      mediaSvg: 'SVG images are not accepted: they can carry scripts. Upload PNG, JPEG, WebP, GIF or AVIF',
      mediaUnsupported: 'Only PNG, JPEG, WebP, GIF and AVIF images can be uploaded',
      mediaPathInvalid: 'Media paths are file names below /media/, without .. or control characters',
      mediaNotFound: 'There is no such file in the media library',
      mediaInUse: 'This file is used by these pages: {{pages}}. Remove it from them first',
      mediaInSettings: 'This file is a site image in Settings. Choose another image there first',
      versionNotFound: 'This page has no such version',
      previewLinkNotFound: 'There is no such preview link',
      commentsClosed: 'This page does not take comments',
      commentNotFound: 'There is no such comment',
      commentParentInvalid: 'A reply must answer a published comment on the same page',
      commentEditWindow: 'A comment can be edited only in the first 15 minutes after posting',
      tooManyComments: 'You are commenting too fast. Please wait {{minutes}} minutes and try again.',
      tooManySearches: 'Too many searches from your address. Please wait a minute and try again.',
      categoryInUse:
        'The category “{{cat}}” is used by {{count}} published pages. Give those pages another category in the editor and publish, then remove it',
      settingsChanged: 'Someone else saved the settings after you opened them. Reload the page to see their changes',
      newsletterOff: 'The newsletter is not available: no mail transport is configured',
      outgoingWebhookUrlInvalid: 'Enter a full web address, such as https://example.com/hooks/daftar',
      outgoingWebhookUrlScheme: 'Only http:// and https:// addresses can receive webhooks',
      outgoingWebhookUrlCredentials: 'Leave the user name and password out of the address; check the signature instead',
      outgoingWebhookUrlPrivate:
        'This address is private, loopback or link-local (or resolves to one): webhooks go only to public addresses unless OUTGOING_WEBHOOKS_ALLOW_PRIVATE is set',
      outgoingWebhookNoEvents: 'Choose at least one event',
      outgoingWebhookTooMany: 'A site can have at most {{max}} webhook endpoints',
      // API keys (docs/api.md "API keys"). One answer for every wrong key, whatever is wrong with it.
      apiKeyInvalid: 'This API key is not valid',
      apiKeyRefused: 'An API key cannot do this: sign in to do it yourself',
      apiKeyNoScopes: 'Choose at least one permission for the key',
      apiKeyScopeBeyondOwn: 'A key cannot carry permissions you do not hold yourself: {{permissions}}',
      apiKeyExpiryPast: 'The expiry date has already passed: choose a later one, or none',
      apiKeyTooMany: 'A site can have at most {{max}} API keys: revoke one you no longer use first',
      apiKeyNotFound: 'There is no such API key (it may have been revoked already)',
      newsletterTokenInvalid: 'This link is not valid. Subscribe again to get a new one.',
      newsletterTokenExpired: 'This confirmation link has expired (links last 48 hours). Subscribe again to get a new one.',
      newsletterTokenUsed: 'This confirmation link has already been used.',
      newsletterNoSubscribers: 'No confirmed subscribers read {{language}} yet; nothing was sent',
      newsletterIssueNotFound: 'There is no such newsletter issue',
      backupUnavailable: 'Backups cannot be downloaded on this platform; use its own database backups',
      // Two-factor sign-in (docs/security.md "Two-factor sign-in").
      twoFactorCodeWrong: 'This code is not correct. Check the code in your authenticator app, or use a recovery code',
      twoFactorExpired: 'The sign-in took too long or had too many wrong codes. Log in with your password again',
      twoFactorSetupFirst:
        'This site requires two-factor sign-in for your account: set up an authenticator app or a passkey first',
      totpAlreadyOn: 'The authenticator app is already on; turn it off first to set up a new one',
      totpNotBegun: 'Start the authenticator set-up first',
      passkeyRefused: 'The passkey could not be verified. Try again',
      passkeyExists: 'This passkey is already registered',
      passkeyNone: 'This account has no passkey',
      redirectNotFound: 'There is no such redirect',
      redirectExists: 'There is already a redirect from {{from}}: edit that one instead',
      redirectChainTo: '{{to}} itself redirects to {{next}}: lead straight to {{next}}, so visitors are not sent on twice',
      redirectChainFrom:
        '{{before}} redirects to {{from}}: visitors would be sent on twice. Lead that redirect to this target first, or delete it',
      redirectLoop: '{{to}} redirects back to {{from}}: the two would send visitors round in a loop',
      redirectFromPage:
        'A page is published at {{from}}, and it answers there. Move the page instead (its old address then redirects by itself), or delete it first',
      redirectImportInvalid: 'The file was not imported: it has {{count}} problems, listed by line. Nothing was changed',
      redirectImportEmpty: 'The file holds no redirects',
      redirectImportTooMany: 'One file may hold at most {{max}} redirects',
      importCollisions:
        'Nothing was imported: pages of the export would take addresses that already hold pages here ({{count}}, listed below). Choose what happens to them and run again with --on-collision rename (imported under a new address, such as about-2), replace (they take the address; the page there is replaced and its text stays in the history) or keep (the pages here stay; the imported ones are left out and their old addresses lead to the pages here)',
      importCollisionsAsk:
        'Your choice is needed: pages of the export would take addresses that already hold pages here ({{count}}, listed under "Addresses already taken"; not counted below). The real run asks for --on-collision rename, replace or keep',
      baseShaUnknown: 'The version this edit starts from is not in the repository. Reload the page and save again',
      secondFactorNeeded:
        'This site requires two-factor sign-in for your role. In your profile’s security section, turn on an authenticator app or a passkey, or confirm with a code',
      confirmIdentityFirst: 'Confirm it is you first: enter your password or a code from your authenticator app',
    },
  },
  fa: {
    validation: {
      required: 'الزامی است',
      invalidType: 'باید از نوع {{expected}} باشد، اما {{received}} آمده است',
      stringTooShort: 'متن باید دست‌کم {{min}} نویسه داشته باشد',
      stringTooLong: 'متن حداکثر می‌تواند {{max}} نویسه داشته باشد',
      invalidEmail: 'ایمیل نامعتبر است',
      tooShort: 'دست‌کم {{min}} نویسه لازم است',
      tooLong: 'حداکثر {{max}} نویسه مجاز است',
      userNameChars: 'فقط حروف انگلیسی، رقم، نقطه، خط تیره و زیرخط مجاز است',
      userNameLetters: 'فقط حرف و رقم (فارسی یا انگلیسی)، نقطه، خط تیره و زیرخط مجاز است',
      userNameScript: 'حروف یک الفبا را به کار ببرید: فارسی یا انگلیسی، نه هر دو (و نه حروف هم‌شکلِ الفباهای دیگر)',
      userNameBidi: 'نویسه‌های کنترل جهت متن (مانند U+202E) را بردارید: نام را جز آنچه هست نشان می‌دهند',
      userNameInvisible: 'نویسه‌های نامرئی (فاصله یا اتصال‌دهندهٔ بی‌پهنا، کشیده) را بردارید: نامی را شبیه نامی دیگر می‌کنند',
      userNameZwnj: 'نیم‌فاصله فقط می‌تواند دو حرف فارسی را درون نام به هم بپیوندد، نه در آغاز یا پایان آن',
      passwordMin: 'گذرواژه باید دست‌کم ۶ نویسه باشد',
      passwordMax: 'گذرواژه حداکثر می‌تواند ۲۰۰ نویسه باشد',
      passwordWeak: 'این گذرواژه به‌آسانی حدس زده می‌شود. عبارتی بلندتر از چند واژهٔ بی‌ربط بنویسید.',
      confirmPasswordMin: 'تکرار گذرواژه باید دست‌کم ۶ نویسه باشد',
      passwordsMismatch: 'گذرواژه‌ها یکسان نیستند',
      inviteEmail: 'نشانی‌ای را که دعوت‌نامه به آن فرستاده می‌شود وارد کنید',
      pubkey: 'کلید دستگاه باید ۶۴ نویسهٔ شانزده‌شانزدهی باشد',
      invalid: 'مقدار نامعتبر',
      analyticsDays: '۷، ۳۰ یا ۹۰ روز را انتخاب کنید',
      text: 'باید متن باشد',
      imageAddress: 'باید مسیری در سایت (/media/…) یا نشانی http(s) باشد',
      date: 'باید تاریخ باشد (YYYY-MM-DD)',
      dateTime: 'باید تاریخ و ساعت همراه با منطقهٔ زمانی باشد (2026-12-01T09:30:00+03:30)',
      oneWord: 'باید یک واژه باشد (حرف، رقم، - یا _)',
      boolean: 'باید درست یا نادرست (true/false) باشد',
      redirectFromPath: 'نشانی‌ای در همین سایت بنویسید که با / آغاز شود (مانند ⁨/old-page⁩ یا ⁨/fa/old-page⁩)',
      redirectFragment: 'بخش ⁨#…⁩ را بردارید: مرورگرها آن را هرگز به سرور نمی‌فرستند',
      redirectFromQuery: 'فقط خود نشانی سنجیده می‌شود: بخش ⁨?…⁩ را بردارید (تنها استثنا ⁨/?p=12⁩ وردپرس است)',
      redirectFromSiteRoute: '⁨{{path}}⁩ از نشانی‌های خود سایت است: تغییر مسیر نمی‌تواند آن را بگیرد',
      redirectToAddress: 'نشانی‌ای در همین سایت (⁨/fa/…⁩ یا ⁨/en/…⁩) یا یک نشانی کامل http(s) بنویسید',
      redirectToCredentials: 'نام کاربری و گذرواژه را از نشانی بردارید',
      redirectToQuery: 'نشانی‌ای در همین سایت بخش ⁨?…⁩ یا ⁨#…⁩ نمی‌گیرد (بخش ⁨?…⁩ درخواستِ بازدیدکننده خودبه‌خود فرستاده می‌شود)',
      redirectToSiteRoute:
        '⁨{{path}}⁩ نمی‌تواند مقصد باشد: به صفحه‌ای زیر ⁨/fa/⁩ یا ⁨/en/⁩، صفحهٔ یک دسته، برچسب یا نویسنده، یک خوراک یا یک فایل رسانه بفرستید',
      redirectToItself: 'تغییر مسیر نمی‌تواند به مبدأ خودش برسد',
      redirectStatus: '۳۰۱ (برای همیشه جابه‌جا شده) یا ۳۰۲ (فعلاً) را انتخاب کنید',
      redirectCsvColumns: 'هر سطر یک مبدأ و یک مقصد می‌خواهد و می‌تواند ۳۰۱ یا ۳۰۲ را هم داشته باشد',
      redirectCsvRepeated: 'این مبدأ پیش‌تر در سطر {{line}} همین فایل آمده است',
      csvQuoteOpen: 'گیومه‌ای که در این سطر باز شده هرگز بسته نمی‌شود',
      timeZone: 'منطقهٔ زمانی را از فهرست برگزینید: نامی از فهرست IANA مانند Asia/Tehran یا Europe/Berlin',
      colorMode: 'باید light (روشن) یا dark (تیره) باشد، یا خالی بماند تا انتخاب خواننده به کار رود',
      menuTarget: 'باید مسیری در همین سایت (⁦/about⁩) یا نشانی ⁦http(s)⁩ باشد',
      menuTargetLocale: 'مسیر را بدون زبان بنویسید (⁦/about⁩، نه ⁦/fa/about⁩)؛ پیوندها آن را خودشان می‌افزایند',
      dashTarget: 'باید مسیری در پیشخوان باشد (⁦/manage/…⁩)',
      categorySlug: 'باید با یک حرف آغاز شود و پس از آن حرف، رقم، - یا _ بیاید',
      duplicate: 'این مورد پیش‌تر در فهرست آمده است',
      tooMany: 'حداکثر {{max}} مورد مجاز است',
      pageListedTwice: 'این صفحه دو بار آمده است',
      categoryUnknown: 'چنین دسته‌ای وجود ندارد',
      email: 'نشانی ایمیل معتبری وارد کنید',
      nestedTooDeeply: 'بیش از اندازه تودرتو است: حداکثر {{max}} سطح فهرست و نگاشت',
      tagEmpty: 'برچسب باید دست‌کم یک حرف یا رقم داشته باشد',
      tagTooLong: 'برچسب حداکثر {{max}} نویسه می‌تواند داشته باشد',
    },
    api: {
      validationFailed: 'لطفاً خانه‌های مشخص‌شده را درست کنید',
      invalidJson: 'بدنهٔ درخواست JSON معتبر نیست',
      bodyTooLarge: 'بدنهٔ درخواست بیش از اندازه بزرگ است',
      alreadyInstalled: 'برنامه پیش‌تر نصب شده است',
      webhookNotConfigured: 'هیچ وب‌هوکی روی این سایت پیکربندی نشده است (GITHUB_WEBHOOK_SECRET را تنظیم کنید)',
      webhookSignatureInvalid: 'امضای وب‌هوک وجود ندارد یا نادرست است',
      notInstalled: 'سایت هنوز نصب نشده است',
      setupTokenInvalid: 'توکن نصب وارد نشده یا نادرست است',
      notMigrated: 'نخست مهاجرت‌های پایگاه داده را اجرا کنید',
      defaultsMissing: 'نخست داده‌های پیش‌فرض را بارگذاری کنید',
      userNameTaken: 'این نام کاربری پیش‌تر گرفته شده است',
      crossOrigin: 'درخواست از مبدأ دیگر پذیرفته نمی‌شود',
      apiRouteNotFound: 'چنین مسیری در API نیست: {{path}}',
      publicPageNotFound: 'صفحه پیدا نشد: {{path}}',
      networkError: 'اتصال به سرور برقرار نشد',
      noBuildYet: 'هنوز هیچ ساختی منتشر نشده است',
      unknownBuild: 'چنین ساختی وجود ندارد',
      databaseUnavailable: 'پایگاه داده در دسترس نیست',
      requestTooSlow:
        'این درخواست بیش از اندازه طول کشید و متوقف شد تا سایت همچنان پاسخ دهد. کمی بعد دوباره امتحان کنید یا کمتر بخواهید (صفحه‌ای جلوتر، فیلترهای کمتر).',
      diskFull: 'دیسک سرور پر است: چیزی ذخیره نشد. از گردانندهٔ سایت بخواهید کمی فضا آزاد کند و سپس دوباره امتحان کنید.',
      databaseBusy: 'پایگاه داده مشغول است: چیزی ذخیره نشد. چند لحظهٔ دیگر دوباره امتحان کنید.',
      storageWriteFailed:
        'سرور نتوانست در فضای ذخیره‌سازی‌اش بنویسد: چیزی ذخیره نشد. کمی بعد دوباره امتحان کنید و اگر باز هم نشد، به گردانندهٔ سایت خبر دهید.',
      signInRequired: 'لطفاً نخست وارد شوید',
      forbidden: 'شما اجازهٔ انجام این کار را ندارید',
      invalidCredentials: 'نام کاربری یا گذرواژه نادرست است',
      tooManyAttempts: 'تلاش‌ها بیش از حد بود. لطفاً {{minutes}} دقیقه صبر کنید و دوباره تلاش کنید.',
      captchaFailed: 'بررسی کپچا ناموفق بود. لطفاً دوباره تلاش کنید.',
      currentPasswordWrong: 'گذرواژهٔ کنونی درست نیست',
      notFound: 'پیدا نشد',
      lastOwner: 'سایت باید دست‌کم یک مالک فعال داشته باشد',
      ownerRoleLocked: 'نقش مالک همیشه همهٔ اجازه‌ها را دارد و تغییر یا حذف نمی‌شود',
      roleNameTaken: 'نقشی با این نام وجود دارد',
      unknownRole: 'نقش ناشناخته',
      grantBeyondOwn: 'نمی‌توانید اجازه‌ای را بدهید که خودتان ندارید: {{permissions}}',
      userBeyondOwn: 'این حساب اجازه‌هایی دارد که شما ندارید، پس نمی‌توانید آن را تغییر دهید',
      ownerRoleOwnersOnly: 'فقط مالک می‌تواند نقش مالک را به کسی بدهد یا از او بگیرد',
      ownerAccountOwnersOnly: 'فقط مالک می‌تواند حساب یک مالک را تغییر دهد، غیرفعال یا حذف کند یا گذرواژه‌اش را بازنشانی کند',
      deleteSelf: 'نمی‌توانید حساب خودتان را حذف کنید',
      disableSelf: 'نمی‌توانید حساب خودتان را غیرفعال کنید',
      userDisabled: 'این حساب غیرفعال است؛ نخست آن را فعال کنید',
      memberRoleLocked: 'کاربرانِ تازه‌ثبت‌نام نقش «عضو» می‌گیرند، پس این نقش حذف‌شدنی نیست',
      roleInUse: '{{count}} کاربر این نقش را دارند؛ نخست نقش دیگری به آن‌ها بدهید',
      resetLinkInvalid: 'این پیوند بازنشانی گذرواژه معتبر نیست. از یک مدیر پیوند تازه بخواهید.',
      resetLinkExpired: 'زمان این پیوند بازنشانی گذرواژه گذشته است. از یک مدیر پیوند تازه بخواهید.',
      resetLinkUsed: 'این پیوند بازنشانی گذرواژه پیش‌تر به کار رفته است. از یک مدیر پیوند تازه بخواهید.',
      emailTaken: 'حساب دیگری این نشانی ایمیل را به کار می‌برد',
      emailLinkInvalid: 'این پیوند تأیید معتبر نیست یا پیش‌تر به کار رفته است. از نمایهٔ خود پیوند تازه بفرستید.',
      emailLinkExpired: 'زمان این پیوند تأیید گذشته است. از نمایهٔ خود پیوند تازه بفرستید.',
      noPendingEmail: 'هیچ نشانی تازه‌ای در انتظار تأیید نیست',
      mailOff: 'ارسال ایمیل در این سایت پیکربندی نشده است: از مالک سایت بخواهید',
      siteAddressMissing:
        'این سایت هنوز نشانی عمومی ندارد و برای همین ایمیلی که پیوند داشته باشد نمی‌فرستد: مالک سایت باید SITE_URL را تنظیم کند (مثلاً https://example.com) و سرور را دوباره راه بیندازد',
      unsubscribeLinkInvalid: 'این پیوند لغو معتبر نیست. آگاه‌سازی‌ها را از نمایهٔ خود خاموش کنید.',
      contentRepositoryMissing: 'هیچ مخزن محتوایی پیکربندی نشده است',
      pagePathInvalid: 'مسیر صفحه از واژه‌هایی با حرف، رقم، - و _ ساخته می‌شود که با / از هم جدا شده‌اند',
      pagePathReserved: 'نشانی {{path}} از آنِ خود سایت است؛ مسیر دیگری برگزینید',
      pageExists: 'در {{path}} صفحه‌ای وجود دارد',
      pageNotFound: 'در {{path}} صفحه‌ای نیست',
      pageBeingMoved: 'این صفحه جابه‌جایی منتشرنشده‌ای دارد؛ نخست آن جابه‌جایی را کنار بگذارید',
      pageTooLarge:
        'این صفحه برای ذخیره بیش از اندازه بزرگ است: {{size}} مارک‌داون دارد و هر صفحه حداکثر {{limit}} می‌تواند داشته باشد. آن را به چند صفحه بخش کنید',
      pageRenderedTooLarge:
        'این صفحه برای ذخیره بیش از اندازه بزرگ است: پس از ساخته‌شدن {{size}} می‌شود و هر صفحه حداکثر {{limit}} می‌تواند باشد. آن را به چند صفحه بخش کنید',
      moveSamePlace: 'صفحه همین حالا در آن مسیر است',
      changeRaced: 'کس دیگری همین صفحه را در همان لحظه ذخیره کرد؛ دوباره بارگذاری و تلاش کنید',
      nothingToPublish: 'چیزی برای انتشار نیست: هیچ تغییر منتشرنشده‌ای وجود ندارد',
      scheduleTooFar: 'انتشار را حداکثر تا یک سال بعد می‌توان زمان‌بندی کرد',
      notScheduled: 'این ساخت زمان‌بندی نشده است',
      publishAtPast: 'زمانی در آینده برگزینید، یا همین حالا منتشر کنید',
      publishInProgress: 'ساخت دیگری در حال انتشار است؛ چند لحظه بعد دوباره تلاش کنید',
      publishConflict: 'این پرونده‌ها پس از ویرایش در اینجا، در مخزن تغییر کرده‌اند؛ چیزی منتشر نشد',
      buildNotFound: 'چنین ساختی وجود ندارد',
      revertNotPublished: 'فقط ساختِ منتشرشده را می‌توان برگرداند',
      revertConflict: 'ساختی تازه‌تر یا تغییری منتشرنشده به همین پرونده‌ها دست زده است؛ نخست آن را برگردانید یا کنار بگذارید',
      repositoryFailed: 'نوشتن در مخزن محتوا ممکن نشد: {{reason}}',
      repositoryDamaged: 'مخزن محتوا آسیب دیده است: شیء {{object}} خوانده نمی‌شود. چیزی تغییر نکرد؛ مخزن را از پشتیبان بازگردانید',
      repositoryDamagedFile:
        'مخزن محتوا آسیب دیده است: {{file}} (شیء {{object}}) خوانده نمی‌شود. چیزی تغییر نکرد؛ مخزن را از پشتیبان بازگردانید',
      syncRefusedUnborn:
        'نمایه‌سازی دوباره انجام نشد: مخزن محتوا هیچ کامیتی ندارد و همهٔ {{n}} صفحه حذف می‌شد. صفحه‌های سایت سر جایشان ماندند',
      syncRefusedEmpty:
        'نمایه‌سازی دوباره انجام نشد: مخزن محتوا هیچ صفحه‌ای ندارد و همهٔ {{n}} صفحه حذف می‌شد. صفحه‌های سایت سر جایشان ماندند',
      syncRefusedUnrelated:
        'نمایه‌سازی دوباره انجام نشد: مخزن محتوا کامیتی را که سایت از آن نمایه شده ندارد و {{n}} صفحه حذف می‌شد. صفحه‌های سایت سر جایشان ماندند',
      publishRepositoryMismatch:
        'مخزن محتوا کامیتی را که سایت از آن نمایه شده ندارد (مخزن، شاخه یا پوشهٔ دادهٔ دیگری؟)؛ چیزی منتشر نشد',
      mediaMissing: 'یک پروندهٔ تصویر برای بارگذاری برگزینید (خانهٔ «file» فرم)',
      mediaTooLarge: 'پرونده از حد {{limit}} بزرگ‌تر است',
      mediaSvg: 'تصویر SVG پذیرفته نمی‌شود، چون می‌تواند اسکریپت داشته باشد. PNG، JPEG، WebP، GIF یا AVIF بارگذاری کنید',
      mediaUnsupported: 'فقط تصویرهای PNG، JPEG، WebP، GIF و AVIF را می‌توان بارگذاری کرد',
      mediaPathInvalid: 'نشانی رسانه نام پرونده‌ای زیر ‎/media/‎ است، بی .. و نویسه‌های کنترلی',
      mediaNotFound: 'چنین پرونده‌ای در کتابخانهٔ رسانه نیست',
      mediaInUse: 'این پرونده در این صفحه‌ها به کار رفته است: {{pages}}. نخست آن را از این صفحه‌ها بردارید',
      mediaInSettings: 'این پرونده تصویر سایت در تنظیمات است. نخست تصویر دیگری آنجا برگزینید',
      versionNotFound: 'این صفحه چنین نسخه‌ای ندارد',
      previewLinkNotFound: 'چنین پیوند پیش‌نمایشی نیست',
      commentsClosed: 'این صفحه دیدگاه نمی‌پذیرد',
      commentNotFound: 'چنین دیدگاهی وجود ندارد',
      commentParentInvalid: 'پاسخ باید به دیدگاهی منتشرشده در همین صفحه باشد',
      commentEditWindow: 'دیدگاه را فقط تا ۱۵ دقیقه پس از فرستادن می‌توان ویرایش کرد',
      tooManyComments: 'دیدگاه‌ها را بیش از اندازه پشت سر هم فرستاده‌اید. لطفاً {{minutes}} دقیقه صبر کنید و دوباره بکوشید.',
      tooManySearches: 'از نشانی شما جست‌وجوهای بسیاری رسیده است. لطفاً یک دقیقه صبر کنید و دوباره بکوشید.',
      categoryInUse:
        'دستهٔ «{{cat}}» در {{count}} صفحهٔ منتشرشده به کار رفته است. نخست در ویرایشگر دستهٔ دیگری به آن صفحه‌ها بدهید و منتشر کنید، سپس آن را بردارید',
      settingsChanged:
        'کس دیگری پس از باز کردن این صفحه، تنظیمات را ذخیره کرده است. صفحه را دوباره بارگذاری کنید تا تغییرهای او را ببینید',
      newsletterOff: 'خبرنامه در دسترس نیست: هیچ راه ارسال ایمیلی پیکربندی نشده است',
      outgoingWebhookUrlInvalid: 'یک نشانی وب کامل وارد کنید، مانند https://example.com/hooks/daftar',
      outgoingWebhookUrlScheme: 'فقط نشانی‌های http:// و https:// می‌توانند وب‌هوک بگیرند',
      outgoingWebhookUrlCredentials: 'نام کاربری و گذرواژه را در نشانی ننویسید؛ به‌جای آن امضا را بررسی کنید',
      outgoingWebhookUrlPrivate:
        'این نشانی خصوصی، loopback یا link-local است (یا به چنین نشانی‌ای می‌رسد): وب‌هوک‌ها فقط به نشانی‌های عمومی فرستاده می‌شوند، مگر آنکه OUTGOING_WEBHOOKS_ALLOW_PRIVATE تنظیم شده باشد',
      outgoingWebhookNoEvents: 'دست‌کم یک رویداد را برگزینید',
      outgoingWebhookTooMany: 'یک سایت حداکثر {{max}} نشانی وب‌هوک می‌تواند داشته باشد',
      apiKeyInvalid: 'این کلید API معتبر نیست',
      apiKeyRefused: 'با کلید API نمی‌توان این کار را کرد؛ برای انجامش خودتان وارد شوید',
      apiKeyNoScopes: 'دست‌کم یک اجازه برای کلید برگزینید',
      apiKeyScopeBeyondOwn: 'کلید نمی‌تواند اجازه‌ای داشته باشد که خودتان ندارید: {{permissions}}',
      apiKeyExpiryPast: 'تاریخ انقضا گذشته است؛ تاریخی دیرتر برگزینید یا آن را خالی بگذارید',
      apiKeyTooMany: 'یک سایت حداکثر {{max}} کلید API می‌تواند داشته باشد؛ نخست کلیدی را که دیگر به کارش نمی‌برید باطل کنید',
      apiKeyNotFound: 'چنین کلید API‌ای وجود ندارد (شاید پیش‌تر باطل شده باشد)',
      newsletterTokenInvalid: 'این پیوند معتبر نیست. برای گرفتن پیوند تازه دوباره عضو شوید.',
      newsletterTokenExpired:
        'زمان این پیوند تأیید گذشته است (پیوندها ۴۸ ساعت اعتبار دارند). برای گرفتن پیوند تازه دوباره عضو شوید.',
      newsletterTokenUsed: 'این پیوند تأیید پیش‌تر به کار رفته است.',
      newsletterNoSubscribers: 'هنوز هیچ مشترک تأییدشده‌ای به {{language}} نیست؛ چیزی فرستاده نشد',
      newsletterIssueNotFound: 'چنین شماره‌ای از خبرنامه وجود ندارد',
      backupUnavailable: 'روی این بستر نمی‌توان پشتیبان را بارگیری کرد؛ از پشتیبان‌گیری خودِ پایگاه‌داده‌اش استفاده کنید',
      twoFactorCodeWrong: 'این کد درست نیست. کد برنامهٔ احراز هویت را بررسی کنید یا یک کد بازیابی به کار ببرید',
      twoFactorExpired: 'ورود بیش از اندازه طول کشید یا کدهای نادرست زیادی داشت. دوباره با گذرواژه وارد شوید',
      twoFactorSetupFirst:
        'این سایت برای حساب شما ورود دومرحله‌ای را لازم می‌داند: نخست یک برنامهٔ احراز هویت یا یک گذرکلید راه بیندازید',
      totpAlreadyOn: 'برنامهٔ احراز هویت روشن است؛ برای راه‌اندازی دوباره نخست آن را خاموش کنید',
      totpNotBegun: 'نخست راه‌اندازی برنامهٔ احراز هویت را آغاز کنید',
      passkeyRefused: 'گذرکلید تأیید نشد. دوباره تلاش کنید',
      passkeyExists: 'این گذرکلید پیش‌تر ثبت شده است',
      passkeyNone: 'این حساب گذرکلیدی ندارد',
      redirectNotFound: 'چنین تغییر مسیری وجود ندارد',
      redirectExists: 'از ⁨{{from}}⁩ پیش‌تر تغییر مسیری هست: به‌جای افزودن، همان را ویرایش کنید',
      redirectChainTo: '⁨{{to}}⁩ خودش به ⁨{{next}}⁩ تغییر مسیر دارد: یک‌راست به ⁨{{next}}⁩ بفرستید تا بازدیدکننده دو بار فرستاده نشود',
      redirectChainFrom:
        '⁨{{before}}⁩ به ⁨{{from}}⁩ تغییر مسیر دارد و بازدیدکننده دو بار فرستاده می‌شود. نخست آن تغییر مسیر را یک‌راست به همین مقصد بفرستید یا حذفش کنید',
      redirectLoop: '⁨{{to}}⁩ به ⁨{{from}}⁩ برمی‌گردد: این دو بازدیدکننده را در حلقه‌ای بی‌پایان می‌چرخانند',
      redirectFromPage:
        'در ⁨{{from}}⁩ صفحه‌ای منتشر شده است و همان‌جا پاسخ می‌دهد. به‌جای این کار صفحه را جابه‌جا کنید (نشانی پیشینش خودبه‌خود تغییر مسیر می‌یابد) یا نخست حذفش کنید',
      redirectImportInvalid: 'فایل درون‌ریزی نشد: {{count}} ایراد دارد که به ترتیب سطر آمده‌اند. چیزی تغییر نکرد',
      redirectImportEmpty: 'این فایل هیچ تغییر مسیری ندارد',
      redirectImportTooMany: 'هر فایل حداکثر {{max}} تغییر مسیر می‌تواند داشته باشد',
      importCollisions:
        'چیزی درون‌ریزی نشد: {{count}} صفحه از فایل به نشانی‌هایی می‌رود که همین حالا صفحه‌ای در این سایت دارند (فهرستشان در پایین آمده است). بگویید با آن‌ها چه شود و دوباره اجرا کنید: ⁦--on-collision rename⁩ (با نشانی تازه‌ای مثل ⁦about-2⁩ درون‌ریزی شوند)، ⁦replace⁩ (نشانی را بگیرند؛ صفحهٔ فعلی جایگزین می‌شود و متنش در تاریخچه می‌ماند) یا ⁦keep⁩ (صفحه‌های این سایت بمانند؛ صفحه‌های فایل کنار گذاشته شوند و نشانی‌های قدیمشان به صفحه‌های این سایت برسد)',
      importCollisionsAsk:
        'به انتخاب شما نیاز است: {{count}} صفحه از فایل به نشانی‌هایی می‌رود که همین حالا صفحه‌ای در این سایت دارند (فهرستشان زیر «نشانی‌های گرفته‌شده» آمده و در شمارش‌های پایین نیامده است). اجرای واقعی یکی از ⁦--on-collision rename⁩، ⁦replace⁩ یا ⁦keep⁩ را می‌خواهد',
      baseShaUnknown: 'نسخه‌ای که این ویرایش از آن آغاز شده در مخزن نیست. صفحه را دوباره بار کنید و دوباره ذخیره کنید',
      secondFactorNeeded:
        'این سایت برای نقش شما ورود دومرحله‌ای را لازم می‌داند. در بخش امنیت نمایه‌تان یک برنامهٔ احراز هویت یا گذرکلید روشن کنید، یا با یک کد تأیید کنید',
      confirmIdentityFirst: 'نخست تأیید کنید که خودتان هستید: گذرواژه یا کدی از برنامهٔ احراز هویت را وارد کنید',
    },
  },
} as const;

export type MessageKey =
  | `validation.${keyof (typeof sharedMessages)['en']['validation']}`
  | `api.${keyof (typeof sharedMessages)['en']['api']}`;

type MessageValues = Record<string, string | number>;

/**
 * A message key with its values, for a zod schema to carry as its message: `tooLong(64)` reads
 * "at most 64 characters" in either language, so the key can never disagree with the rule.
 */
export function messageRef(key: MessageKey, values: MessageValues): string {
  const query = new URLSearchParams(Object.entries(values).map(([name, value]) => [name, String(value)])).toString();
  return query ? `${key}?${query}` : key;
}
export const tooShort = (min: number) => messageRef('validation.tooShort', { min });
export const tooLong = (max: number) => messageRef('validation.tooLong', { max });

/** A message (or message reference) split into its key and values. */
export function parseMessageRef(message: string): { key: string; values: Record<string, string> } {
  const [key = '', query] = message.split('?', 2);
  return { key, values: query ? Object.fromEntries(new URLSearchParams(query)) : {} };
}

/** Values as the locale writes them: numbers in Persian digits in fa. */
export function localiseValues(locale: Locale, values: MessageValues): Record<string, string> {
  const format = new Intl.NumberFormat(intlLocale[locale], { useGrouping: false });
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      /^\d+$/.test(String(value)) ? format.format(Number(value)) : String(value),
    ]),
  );
}

/** Looks a shared message (or message reference) up and fills `{{name}}` values; unknown keys come back unchanged. */
export function translateMessage(locale: Locale, message: string, values: MessageValues = {}): string {
  const ref = parseMessageRef(message);
  const [group, name] = ref.key.split('.') as [string, string];
  const table = sharedMessages[locale] as Record<string, Record<string, string>>;
  const text = table[group]?.[name];
  if (text === undefined) return message;
  const filled = localiseValues(locale, { ...ref.values, ...values });
  return text.replace(/{{\s*(\w+)\s*}}/g, (match, field: string) => filled[field] ?? match);
}
