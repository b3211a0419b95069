//! The proleptic Gregorian calendar in UTC: a count of days since
//! 1970-01-01 and the civil date it falls on (Howard Hinnant's
//! `days_from_civil` and `civil_from_days`).

/// A moment broken into its civil parts, at some offset from UTC.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Civil {
    pub year: i64,
    /// 1 to 12.
    pub month: u32,
    /// 1 to 31.
    pub day: u32,
    pub hour: u32,
    pub minute: u32,
    pub second: u32,
    pub nanosecond: u32,
    /// Seconds east of UTC.
    pub offset: i64,
}

/// Days since 1970-01-01 of a civil date.
pub fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month = i64::from(month);
    let day_of_year =
        (153 * (if month > 2 { month - 3 } else { month + 9 }) + 2) / 5 + i64::from(day) - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// The civil date `days` after 1970-01-01.
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let days = days + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * shifted_month + 2) / 5 + 1) as u32;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

pub fn is_leap(year: i64) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

/// 1 to 366.
pub fn day_of_year(year: i64, month: u32, day: u32) -> u32 {
    (days_from_civil(year, month, day) - days_from_civil(year, 1, 1) + 1) as u32
}

/// 0 (Sunday) to 6.
pub fn weekday(days: i64) -> u32 {
    (days + 4).rem_euclid(7) as u32
}

impl Civil {
    /// The civil parts of `nanos` since the epoch, seen at `offset`
    /// seconds east of UTC.
    pub fn at(nanos: i128, offset: i64) -> Civil {
        let local = nanos + i128::from(offset) * 1_000_000_000;
        let seconds = local.div_euclid(1_000_000_000);
        let nanosecond = local.rem_euclid(1_000_000_000) as u32;
        let days = seconds.div_euclid(86_400) as i64;
        let of_day = seconds.rem_euclid(86_400) as u32;
        let (year, month, day) = civil_from_days(days);
        Civil {
            year,
            month,
            day,
            hour: of_day / 3600,
            minute: of_day / 60 % 60,
            second: of_day % 60,
            nanosecond,
            offset,
        }
    }

    /// Days since 1970-01-01.
    pub fn days(&self) -> i64 {
        days_from_civil(self.year, self.month, self.day)
    }

    /// Nanoseconds since the epoch.
    pub fn nanos(&self) -> i128 {
        let seconds = i128::from(self.days()) * 86_400
            + i128::from(self.hour * 3600 + self.minute * 60 + self.second)
            - i128::from(self.offset);
        seconds * 1_000_000_000 + i128::from(self.nanosecond)
    }
}
