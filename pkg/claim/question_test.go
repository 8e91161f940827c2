package claim

import "testing"

// TestUnasked: the question's own words are no answer to it, but a unit
// after a number is, and a sentence in another language keeps every word.
func TestUnasked(t *testing.T) {
	for _, c := range []struct {
		t     AnswerType
		q, s  string
		gives bool
	}{
		{Duration, "How long can I borrow the van for the weekend?", "You can borrow the van for the weekend.", false},
		{Duration, "How long can I borrow the van for the weekend?", "You can borrow the van for 48 hours over the weekend.", true},
		{Duration, "How long, in minutes, is the drive to the coast?", "The drive to the coast is 45 minutes.", true},
		{Duration, "How long, in years, is the warranty?", "The warranty is two years.", true},
		{Duration, "Wie lange darf ich über Nacht vor dem Haus parken?", "Sie dürfen über Nacht vor dem Haus parken.", false},
		{Duration, "How long does the course last?", "Der Kurs dauert drei Tage.", true},
		{PhoneNumber, "What is the phone number of the clinic at 112 High Street?", "The clinic is at 112 High Street.", false},
		{PhoneNumber, "What is the phone number of the clinic at 112 High Street?", "The clinic at 112 High Street is on 020 7946 0321.", true},
	} {
		u := Unasked(c.q, c.s)
		if len(u) != len(c.s) {
			t.Errorf("Unasked(%q, %q) = %q: length %d, want %d", c.q, c.s, u, len(u), len(c.s))
		}
		if !Gives(c.t, c.s) {
			t.Errorf("Gives(%s, %q) = false before blanking; the case tests nothing", c.t, c.s)
		}
		if got := Gives(c.t, u); got != c.gives {
			t.Errorf("Gives(%s, Unasked(%q, %q) = %q) = %v, want %v", c.t, c.q, c.s, u, got, c.gives)
		}
	}
}

// TestAsksInOtherScripts: Russian, Chinese and Japanese questions get the
// answer type their Latin-script translations get, and a sentence in
// those languages gives it.
func TestAsksInOtherScripts(t *testing.T) {
	for _, c := range []struct {
		q     string
		want  AnswerType
		gives string // a sentence that gives the type
		not   string // a sentence on the same subject that does not
	}{
		{"Сколько мы потратили на топливо во время поездки?", Money, "На топливо ушло 310 евро.", "Мы заправлялись в Рейкьявике."},
		{"Сколько стоит годовое обслуживание котла?", Money, "Обслуживание стоит 189 ₽ в год.", "Обслуживание проводится ежегодно."},
		{"Как долго можно хранить фарш в морозилке?", Duration, "Фарш хранится до трёх месяцев.", "Фарш хранится в морозилке."},
		{"На каком порту у меня работает Uptime Kuma?", PortNumber, "Uptime Kuma работает на порту 3001.", "Uptime Kuma работает в Docker."},
		{"В каком году был куплен котёл?", Year, "Котёл куплен в 2019.", "Котёл куплен у соседа."},
		{"При какой температуре печь хлеб?", Quantity, "Хлеб пекут при 250 °C.", "Хлеб пекут в духовке."},
		{"汽车换机油要加多少升机油？", Quantity, "换机油需要4.3升机油。", "换机油时也要换滤清器。"},
		{"洗碗机花了多少钱？", Money, "洗碗机花了499欧元。", "洗碗机是博世的。"},
		{"冷冻的生肉可以保存多久？", Duration, "生肉可以冷冻保存6个月。", "生肉要用保鲜袋包好。"},
		{"ホームサーバーの固定IPアドレスは何ですか？", IPAddress, "固定IPアドレスは192.168.50.20です。", "ホームサーバーはNASです。"},
		{"食洗機はいくらでしたか？", Money, "食洗機は499ユーロでした。", "食洗機はボッシュ製です。"},
		{"生肉は冷凍庫で何ヶ月もちますか？", Duration, "生肉は6ヶ月もちます。", "生肉は冷凍庫に入れます。"},
		{"病院の電話番号は何ですか？", PhoneNumber, "電話番号は030 1234567です。", "病院は駅の近くです。"},
		{"Какая версия Caddy установлена на сервере?", Version, "Caddy 2.8.4 runs on the server.", "Caddy terminates TLS with its own CA."},
		{"Quelle version de Grafana tourne sur le serveur ?", Version, "Grafana 11.4.0 tourne sur le serveur.", "Grafana tourne dans Docker."},
		{"Which version of Python does the release need?", Version, "Release 2.3 needs Python 3.11.", "The release needs a newer Python."},
		{"一个月房租多少？", Money, "房租每月3500块。", "房租每月初付。"},
		{"Ремонт сколько стоил?", Money, "Ремонт стоил 200 долларов.", "Ремонт сделали быстро."},
		{"Quanto dura la garanzia?", Quantity, "La garanzia dura 2 anni.", "La garanzia è del produttore."},
		{"Quanto tempo dura a garantia?", Duration, "A garantia dura 2 anos.", "A garantia é do fabricante."},
		{"Hoe lang duurt de garantie?", Duration, "De garantie duurt 2 jaar.", "De garantie is van de fabrikant."},
	} {
		if got := Asks(c.q); got != c.want {
			t.Errorf("Asks(%q) = %q, want %q", c.q, got, c.want)
			continue
		}
		if !Gives(c.want, c.gives) {
			t.Errorf("Gives(%s, %q) = false, want true", c.want, c.gives)
		}
		if Gives(c.want, c.not) {
			t.Errorf("Gives(%s, %q) = true, want false", c.want, c.not)
		}
	}
	for _, q := range []string{"Кто написал «Войну и мир»?", "谁画了这幅画？", "誰がこの絵を描きましたか？", "誰が家賃を払いましたか？"} {
		if got := Asks(q); got != "" {
			t.Errorf("Asks(%q) = %q, want none", q, got)
		}
	}
}
