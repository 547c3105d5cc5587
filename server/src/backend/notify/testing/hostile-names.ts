/**
 * Values people or devices could supply, each trying to become markup in a message: a disguised
 * link, an image, HTML and WeCom's <font>, @all mentions, backticks, line breaks that forge lines
 * of their own, bare addresses a client would link.
 */
export const HOSTILE = {
  deviceName: '[点此处理告警](http://evil.example/x)',
  deviceCode: '`LR-1`<@all>',
  storeName: '![图](http://evil.example/i.png)<img src=x onerror=alert(1)>店',
  organisationName: 'www.evil.example & <b>公司</b>',
  content: '设备离线\n# 伪造标题\n> @所有人 <font color="warning">紧急</font>\r\n[在告警中心处理](https://evil.example/)',
  ruleName: '**规则**<a href="http://evil.example">点我</a>@all',
};

/** What no value may leave in a message a person reads: link, image, tag or mention syntax, backticks, an address. */
export const MARKUP_LEFT = [/\]\(/, /!\[/, /<img/i, /<a /i, /<b>/, /<@/, /@all/, /@所有人/, /`/, /evil\.example/, /https?:\/\/evil/];
