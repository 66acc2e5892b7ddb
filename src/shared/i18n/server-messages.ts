/**
 * Simplified Chinese for the server's answers that a reader meets beside a form field: the API speaks English
 * (its messages are part of the contract), the forms show these to a Chinese reader instead. Keyed by the
 * server's exact English text; a unit test checks that each key is still a message the server sends, so a
 * reworded message shows in English rather than a stale translation. Loaded with the pages whose forms use it.
 */
export const serverMessagesZh: Record<string, string> = {
  // Accounts: sign-up, profile, contacts.
  'A user is already registered with this e-mail address.': '这个邮箱已注册过账号。',
  'A user with that username already exists.': '这个用户名已被使用。',
  'Another account uses this display name.': '这个显示名称已被其他账号使用。',
  'Another account uses this e-mail address.': '这个邮箱已被其他账号使用。',
  'Another account uses this mobile number.': '这个手机号码已被其他账号使用。',
  'This is already your e-mail address.': '这已经是你的邮箱。',
  'This is already your mobile number.': '这已经是你的手机号码。',
  'Use an e-mail address that can receive mail.': '请使用能接收邮件的邮箱。',
  'Bind a mobile number first: the account needs a way to log in.': '请先绑定手机号码：账号需要保留一种登录方式。',
  'Bind an e-mail address first: the account needs a way to log in.': '请先绑定邮箱：账号需要保留一种登录方式。',
  'No e-mail address is bound to this account.': '这个账号没有绑定邮箱。',
  'No mobile number is bound to this account.': '这个账号没有绑定手机号码。',
  'This account still owns content (articles, for one); hand it over to another account first.': '这个账号名下还有内容（例如文章），请先转交给其他账号。',
  // Passwords.
  "The two password fields didn't match.": '两次输入的密码不一致。',
  'Your old password was entered incorrectly. Please enter it again.': '当前密码不正确，请重新输入。',
  'The password was changed meanwhile. Please enter the current one.': '密码刚刚已被修改，请输入现在的密码。',
  'The password is too similar to the username or e-mail address.': '密码与用户名或邮箱太相似。',
  'This password is entirely numeric.': '密码不能全是数字。',
  'Invalid value: the link is wrong or was already used.': '链接无效或已被使用。',
  'This link has expired; ask for a new one.': '链接已过期，请重新获取。',
  // Avatar.
  'The avatar may be at most 5 MB.': '头像不能超过 5 MB。',
  'The avatar must be a PNG, JPEG, WebP or GIF image.': '头像必须是 PNG、JPEG、WebP 或 GIF 图片。',
  'The image could not be read.': '无法读取这张图片。',
  // E-mail confirmation.
  'This confirmation link is not valid.': '这个确认链接无效。',
  'This confirmation link was already used.': '这个确认链接已被使用。',
  'This confirmation link has expired; ask for a new one.': '这个确认链接已过期，请重新获取。',
  // Codes sent by mail or SMS, and gift codes.
  'The code is wrong.': '验证码不正确。',
  'This code has expired. Ask for a new one.': '验证码已过期，请重新获取。',
  'This code was already used. Ask for a new one.': '验证码已被使用，请重新获取。',
  'Too many wrong tries. Ask for a new code.': '错误次数过多，请重新获取验证码。',
  'No code was sent for this. Ask for a code first.': '尚未发送验证码，请先获取验证码。',
  'The message could not be sent. Try again later.': '消息发送失败，请稍后再试。',
  'This code is not valid.': '这个礼品码无效。',
  'This code has been used.': '这个礼品码已被使用。',
  'This code has expired.': '这个礼品码已过期。',
  // The captcha.
  'Complete the captcha first.': '请先完成人机验证。',
  'This verification was already used. Try again.': '这次验证已被使用，请重试。',
  'Verification expired. Try again.': '验证已过期，请重试。',
  'Verification failed. Try again later.': '验证失败，请稍后再试。',
};
