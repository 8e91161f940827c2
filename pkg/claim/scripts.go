package claim

import "regexp"

// The answer types of questions in Russian, Chinese and Japanese: the
// same kinds as the Latin-script patterns of question.go, one pattern per
// type. Go's \b knows ASCII letters only, so these patterns carry no word
// boundaries: Russian stems are long enough to stand alone, and Chinese
// and Japanese are written without spaces.
var (
	costScriptsRe = regexp.MustCompile(`(?i)сколько\s+(стоит|стоил|стоила|стоило|стоили|стоят|будет стоить)|сколько\s.*(потратил|заплатил|отдал|вернул|списал|взял)|цен[аыуе]([^\p{L}]|$)|стоимост|плат[аыу]\s|` +
		`多少钱|价格|价钱|费用|花了多少|花费|付了多少|多少元|多少欧元|收费|房租|租金|票价|` +
		`いくら|値段|価格|料金|費用|代金|何円|何ユーロ`)
	durationScriptsRe = regexp.MustCompile(`(?i)как\s+долго|сколько\s+времени|на\s+какой\s+срок|сколько\s+(дней|часов|минут|недель|месяцев|лет)|` +
		`多久|多长时间|多少时间|几个月|几天|几个小时|几小时|多少天|多少分钟|` +
		`どのくらいの期間|どれくらいの期間|何時間|何日間|何分間|何か月|何ヶ月|何カ月|何週間|何年間|いつまで`)
	emailScriptsRe    = regexp.MustCompile(`(?i)адрес\s+электронной\s+почты|электронн\S*\s+адрес|邮箱|电子邮件地址|邮件地址|メールアドレス`)
	ipScriptsRe       = regexp.MustCompile(`(?i)IP[- ]?адрес|IP\s?地址|IP\s?アドレス`)
	phoneScriptsRe    = regexp.MustCompile(`(?i)номер\s+телефона|телефонный\s+номер|电话号码|電話番号`)
	portScriptsRe     = regexp.MustCompile(`(?i)как(ом|ой)\s+порт|номер\s+порта|哪个端口|什么端口|端口号|何番ポート|どのポート|ポート番号`)
	distanceScriptsRe = regexp.MustCompile(`(?i)пробег|сколько\s+километров|多少公里|里程|走行距離|何キロ走`)
	yearScriptsRe     = regexp.MustCompile(`(?i)в\s+каком\s+году|哪一年|哪年|何年に|何年の|何年ですか`)
	quantityScriptsRe = regexp.MustCompile(`(?i)сколько|как(ой|ая|ое|ую|ом)\s+(температур|высот|длин|ширин|глубин|вес|объ[её]м|размер|давлени)|при\s+какой\s+температуре|` +
		`多少|几[个点度升公次块]|多高|多大|多重|多远|多长|多深|多宽|什么温度|` +
		`いくつ|どのくらい|どれくらい|何[個人本枚回台度点時分升]|何リットル|何キロ|何メートル|何センチ|何グラム|何パーセント|何度`)
)

// versionQRe finds a question for a version ("which version of Grafana",
// "quelle version", "какая версия", "什么版本", "バージョンは").
var versionQRe = regexp.MustCompile(`(?i)\b(what|which) (software |firmware |kernel |app )?version\b|\bversion (number|of (the )?\S+ (is|am i|are we|do|does|did|runs?|running))\b|\bquelle version\b|\bwelche[nrs]? (\S+-?)?version\b|\bqu[eé] versi[oó]n\b|\bquale versione\b|\bqual (a )?vers[aã]o\b|\bwelke versie\b|как(ая|ой|ую) верси|什么版本|哪个版本|版本号|バージョン`)

// asksTable lists, in the order Asks tries them, each answer type and the
// patterns that find a question asking for it. A question that asks when
// comes first ("Ab wann gilt der neue Tarif?"; whenQuestion leaves the
// time of day and the day, which narrow it, to their rows), then a price
// ("how long is the warranty and what does it cost" asks for a price
// too), then a duration ("how long is the DHCP lease for an IP address"
// asks for a time), then the kinds of value named by what they are, then
// quantities.
var asksTable = []struct {
	t   AnswerType
	res []*regexp.Regexp
	is  func(string) bool // when set, a question it accepts asks for t too
}{
	{When, nil, whenQuestion},
	{Money, []*regexp.Regexp{costRe, costScriptsRe}, nil},
	{Duration, []*regexp.Regexp{durationQRe, durationScriptsRe}, nil},
	{MailAddress, []*regexp.Regexp{emailQRe, emailScriptsRe}, nil},
	{IPAddress, []*regexp.Regexp{ipQRe, ipScriptsRe}, nil},
	{PhoneNumber, []*regexp.Regexp{phoneQRe, phoneScriptsRe}, nil},
	{PostalAddress, nil, postalQuestion},
	{PortNumber, []*regexp.Regexp{portQRe, portScriptsRe}, nil},
	{Version, []*regexp.Regexp{versionQRe}, nil},
	{TimeOfDay, nil, timeOfDayQuestion},
	{Day, nil, dayQuestion},
	{Distance, []*regexp.Regexp{distanceQRe, distanceScriptsRe}, nil},
	{Year, []*regexp.Regexp{yearQRe, yearScriptsRe}, nil},
	{Amount, []*regexp.Regexp{amountRe}, nil},
	{Count, nil, countQuestion},
	{Quantity, []*regexp.Regexp{quantityRe, quantityScriptsRe}, nil},
}

// timeWordScriptsRe names a span of time in Russian, Chinese and Japanese
// (the stems of минута, час, день, неделя, месяц, год/лет).
var timeWordScriptsRe = regexp.MustCompile(`(?i)(^|[^\p{L}])(секунд[аыу]?|минут[аыу]?|час(а|ов)?|сут(ки|ок)|дн(я|ей|ям)|день|недел[яиюь]|месяц(а|ев)?|год(а|у)?|лет)([^\p{L}]|$)|秒|分钟|小时|天|周|星期|个月|年|分間|時間|日間|週間|か月|ヶ月|カ月|年間|晩`)

var (
	// cjkDateRe is a Chinese or Japanese date: 2025年1月14日, 1月14日
	// (号 in Chinese speech), 2025年1月.
	cjkDateRe = regexp.MustCompile(`(?:(\d{4})\s*年\s*)?(\d{1,2})\s*月(?:\s*(\d{1,2})\s*[日号])?`)
	// ruDateRe is a Russian date, the month in the genitive: 14 января
	// 2025.
	ruDateRe = regexp.MustCompile(`(?i)\b(\d{1,2})\s+(января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря)(?:\s+(\d{4}))?`)
	ruMonths = map[string]int{"января": 1, "февраля": 2, "марта": 3, "апреля": 4, "мая": 5, "июня": 6, "июля": 7,
		"августа": 8, "сентября": 9, "октября": 10, "ноября": 11, "декабря": 12}
)
