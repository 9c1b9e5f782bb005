import type { PrivacyPolicyFacts } from '@pest/contracts';

/** The date the policy's text last changed; change it with the text. */
export const privacyPolicyRevised = '2026/12/06';

export interface PrivacyTopic {
  id: string;
  title: string;
  where: string;
  collected: string;
  purpose: string;
  seenBy: string;
  kept: string;
}

/**
 * Each place the site collects personal data, in the order a visitor meets them. The periods come
 * from the deployment's settings (the jobs that erase the data read the same values).
 */
export function privacyTopics(facts: PrivacyPolicyFacts): PrivacyTopic[] {
  const { retention } = facts;
  return [
    {
      id: 'account',
      title: '會員帳號',
      where: '加入會員（/register）、會員專區（/member）',
      collected: '帳號、姓名、電子郵件、會員類別；密碼只保存無法還原的雜湊值。',
      purpose: '會員登入、下載專區與詢價服務，寄送帳號確認、密碼重設與訂單通知。',
      seenBy: '您本人；管理員（管理會員帳號與權限時）。',
      kept: `帳號存續期間。註冊後 ${retention.unconfirmed_account_days} 天內從未確認電子郵件、也從未使用（沒有訂單、諮詢或貼文）的帳號會被刪除，刪除前 7 天寄信提醒。您也可以隨時自行刪除帳號。`,
    },
    {
      id: 'sign-in',
      title: '登入紀錄',
      where: '登入（/login）',
      collected: '登入中的裝置（瀏覽器與作業系統的簡短說明）、登入與最後使用的時間；登入失敗的次數。',
      purpose: '保護帳號：讓您在會員專區看見並登出其他裝置，並在多次輸入錯誤密碼時暫停登入。',
      seenBy: '您本人。',
      kept: '登入狀態在登出或逾時後刪除；登入失敗的紀錄在鎖定時間過後刪除。',
    },
    {
      id: 'consultation',
      title: '影像診斷諮詢',
      where: '線上諮詢表單（/consultation/form）',
      collected: '所在鄉鎮、作物、姓名、電話、電子郵件、問題描述與照片（照片會重新編碼並移除拍攝位置等中繼資料）。',
      purpose:
        '由專家診斷並以電子郵件回覆。只有在您勾選同意時，案件才會以去識別化的方式（日期、遮蔽的姓名、地區、作物、摘要、照片與回覆）公開為諮詢案例，供其他農友參考。',
      seenBy: '指派處理的專家與管理員；其他工作人員看不到您的姓名、電話與電子郵件，每一次檢視都記錄在稽核紀錄。',
      kept: `未公開的案件，在回覆後 ${retention.consultation_months} 個月（從未回覆的案件自送出起算）刪除個人資料與照片。您可以隨時用追蹤連結撤回並刪除案件。`,
    },
    {
      id: 'discussion',
      title: '專家討論區（LINE）',
      where: '專家討論區（/expert，於 LINE 中開啟）',
      collected: 'LINE 使用者識別碼與顯示名稱（由 LINE 驗證後提供），您的提問、留言與照片。',
      purpose: '讓農友與專家討論；專家回覆時以 LINE 通知您。',
      seenBy: '提問、留言與照片公開給所有訪客；LINE 使用者識別碼只有管理員看得到。',
      kept: '直到您在討論區刪除貼文或移除 LINE 身分，或刪除連結的會員帳號。',
    },
    {
      id: 'inquiry',
      title: '詢價與訂單',
      where: '購物車與詢價（/inquiry）',
      collected: '姓名、電子郵件、電話、公司或單位名稱、地址（選填）、訊息與詢價的品項。',
      purpose: '回覆詢價、處理訂單與開立單據。',
      seenBy: '您本人；管理員（其他工作人員處理詢價單時看不到您的聯絡資料）。',
      kept: '詢價單依會計需要保存；刪除會員帳號時，只保留單號、品項、數量、狀態、公司或單位名稱、匯款末五碼與日期，姓名、電話、電子郵件、地址與訊息會被清除。',
    },
    {
      id: 'alerts',
      title: '病蟲害警報訂閱',
      where: '病蟲害警報（/alerts）、會員專區的「我的通知」（/member）',
      collected:
        '作物、縣市與通知方式，以及：電子郵件訂閱的電子郵件；手機推播訂閱的瀏覽器推播位址與加密金鑰；LINE 訂閱的 LINE 使用者識別碼。登入時訂閱的，另記下您的會員帳號。',
      purpose: '有新的病蟲害警報時通知您，每則警報只通知一次。',
      seenBy: '您本人（會員在「我的通知」看到並可取消）；工作人員只看到每則警報送出的人數。',
      kept: '到您取消為止：警報信中的「取消訂閱」、會員專區「我的通知」的「取消」，或瀏覽器的推播服務表示已不再接收時。會員刪除帳號時一併刪除，也一併刪除寄送紀錄。',
    },
    {
      id: 'contact',
      title: '聯絡我們與意見回饋',
      where: '聯絡我們（/contact）、意見回饋（/feedback）',
      collected:
        '聯絡我們：姓名、電子郵件、電話、公司名稱、產業、國家、地址、傳真與網站（後三項選填）及訊息；意見回饋：意見，姓名與電子郵件選填。',
      purpose: '回覆您的來信與改善網站。',
      seenBy: '工作人員閱讀訊息內容並回覆；您的姓名、電子郵件與電話等聯絡資料只有管理員看得到。',
      kept: '保存到您要求刪除為止；會員刪除帳號時，登入時送出的訊息（以及以已確認的電子郵件送出的訊息）一併刪除。回覆信件的副本依下方「寄出的電子郵件」的期限刪除。',
    },
    {
      id: 'mail',
      title: '寄出的電子郵件',
      where: '本網站寄給您的每一封信（確認信、回覆、通知）',
      collected: '收件地址與信件內容。',
      purpose: '確認信件已送達，並回答「寄了什麼給我」的詢問。',
      seenBy: '管理員。',
      kept: `寄出後 ${retention.mail_days} 天刪除；刪除帳號或撤回案件時，尚未刪除的信件副本會一併清除地址與內容。`,
    },
  ];
}
